/** Reads a JSON request body within a size cap. */
import type { IncomingMessage } from 'node:http';
import { LanternError } from '../../../shared/errors';

const MAX_BODY_BYTES = 1024 * 1024;

export async function readJsonBody(req: IncomingMessage, maxBytes: number = MAX_BODY_BYTES): Promise<unknown> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new LanternError('INVALID_INPUT', 'Send the body as JSON with "Content-Type: application/json".');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    // A chunked body has no Content-Length: count as it arrives.
    if (size > maxBytes) throw tooLarge(maxBytes);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new LanternError('INVALID_INPUT', 'The body is not valid JSON.');
  }
}

function tooLarge(maxBytes: number): LanternError {
  return new LanternError('TOO_LARGE', `The body is larger than ${maxBytes} bytes.`);
}
