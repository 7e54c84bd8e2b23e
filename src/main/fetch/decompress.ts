/**
 * Content-Encoding decoding with an output cap, so a small gzip/deflate/br bomb cannot expand into
 * gigabytes: zlib stops producing once maxOutputLength is reached.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LanternError } from '../../shared/errors';

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const inflateRaw = promisify(zlib.inflateRaw);
const brotliDecompress = promisify(zlib.brotliDecompress);

/** The encodings we decode, and so advertise in Accept-Encoding. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

export async function decodeContentEncoding(
  body: Buffer,
  contentEncoding: string | undefined,
  maxDecodedBytes: number,
  url: string,
): Promise<Buffer> {
  const encodings = (contentEncoding ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== '' && e !== 'identity');
  let data = body;
  // Encodings are listed in the order they were applied; undo them from the last.
  for (const encoding of encodings.reverse()) {
    data = await decodeOne(data, encoding, maxDecodedBytes, url);
  }
  return data;
}

async function decodeOne(data: Buffer, encoding: string, maxOutputLength: number, url: string): Promise<Buffer> {
  // Browsers accept a stream cut short; Z_SYNC_FLUSH makes zlib return what it has instead of failing.
  const zlibOptions = { maxOutputLength, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  try {
    switch (encoding) {
      case 'gzip':
      case 'x-gzip':
        return await gunzip(data, zlibOptions);
      case 'deflate':
        // "deflate" is meant to be zlib-wrapped, but some servers send raw deflate (no 0x78 header).
        return ((data[0] ?? 0) & 0x0f) === 0x08
          ? await inflate(data, zlibOptions)
          : await inflateRaw(data, zlibOptions);
      case 'br':
        return await brotliDecompress(data, { maxOutputLength });
      default:
        throw new LanternError(
          'UNSUPPORTED_CONTENT',
          `${url} is sent with content-encoding "${encoding}", which Lantern cannot decode (it handles ${ACCEPT_ENCODING}).`,
        );
    }
  } catch (error) {
    if (error instanceof LanternError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new LanternError(
        'TOO_LARGE',
        `${url} expands to more than ${formatBytes(maxOutputLength)} when decompressed (${formatBytes(data.length)} on the wire); refused as a possible compression bomb.`,
        { details: { url, limitBytes: maxOutputLength, compressedBytes: data.length } },
      );
    }
    throw new LanternError('FETCH_FAILED', `${url} sent a corrupt ${encoding} body: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}
