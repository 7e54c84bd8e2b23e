/**
 * What kind of document a response is, from its Content-Type and its first bytes. Documents we
 * read are html, pdf, json, xml and text; everything else (images, video, audio, archives,
 * executables) is refused by name, including binaries that claim to be text/html.
 */
import { MIMEType } from 'node:util';
import { LanternError } from '../../shared/errors';

export type DocumentKind = 'html' | 'pdf' | 'json' | 'xml' | 'text';

export interface ContentType {
  /** Lower-case type/subtype without parameters; "" when the header is missing. */
  essence: string;
  charset?: string;
}

export function parseContentType(header: string | undefined): ContentType {
  let mime: MIMEType;
  try {
    mime = new MIMEType(header ?? '');
  } catch {
    // An unparseable type tells nothing, as a missing one (WHATWG Fetch): the bytes decide.
    return { essence: '' };
  }
  const charset = mime.params.get('charset');
  return { essence: mime.essence, ...(charset === null ? {} : { charset }) };
}

/** Types whose bodies we never read: refused on their headers, before downloading them. */
export function isUnreadableType(essence: string): boolean {
  if (/^(image|video|audio|font|model)\//.test(essence)) return true;
  return UNREADABLE_APPLICATION_TYPES.has(essence);
}

const UNREADABLE_APPLICATION_TYPES = new Set([
  'application/zip',
  'application/gzip',
  'application/x-gzip',
  'application/x-tar',
  'application/x-7z-compressed',
  'application/x-rar-compressed',
  'application/vnd.rar',
  'application/x-bzip2',
  'application/x-xz',
  'application/zstd',
  'application/java-archive',
  'application/x-msdownload',
  'application/x-executable',
  'application/x-sharedlib',
  'application/vnd.microsoft.portable-executable',
  'application/x-iso9660-image',
  'application/x-apple-diskimage',
  'application/vnd.android.package-archive',
  'application/wasm',
  'application/x-shockwave-flash',
  'application/ogg',
]);

/** Well-known file signatures, enough to refuse binaries whatever their Content-Type says. */
const SIGNATURES: Array<{ type: string; bytes: number[]; offset?: number }> = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38] },
  { type: 'image/webp', bytes: [0x57, 0x45, 0x42, 0x50], offset: 8 },
  { type: 'image/x-icon', bytes: [0x00, 0x00, 0x01, 0x00] },
  { type: 'application/zip', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { type: 'application/gzip', bytes: [0x1f, 0x8b] },
  { type: 'application/x-7z-compressed', bytes: [0x37, 0x7a, 0xbc, 0xaf] },
  { type: 'application/vnd.rar', bytes: [0x52, 0x61, 0x72, 0x21] },
  { type: 'application/x-executable', bytes: [0x7f, 0x45, 0x4c, 0x46] }, // ELF
  { type: 'application/wasm', bytes: [0x00, 0x61, 0x73, 0x6d] },
  { type: 'video/mp4', bytes: [0x66, 0x74, 0x79, 0x70], offset: 4 }, // ftyp
  { type: 'video/webm', bytes: [0x1a, 0x45, 0xdf, 0xa3] },
  { type: 'audio/mpeg', bytes: [0x49, 0x44, 0x33] }, // ID3
  { type: 'audio/ogg', bytes: [0x4f, 0x67, 0x67, 0x53] },
];

export function sniffSignature(bytes: Uint8Array): string | undefined {
  for (const { type, bytes: signature, offset = 0 } of SIGNATURES) {
    if (signature.every((b, i) => bytes[offset + i] === b)) return type;
  }
  return undefined;
}

/** Text has no NUL bytes and few control characters; UTF-16 (which has NULs) is marked by a BOM. */
export function looksBinary(bytes: Uint8Array): boolean {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return false;
  const sample = bytes.subarray(0, 2048);
  let control = 0;
  for (const b of sample) {
    if (b === 0) return true;
    if (b < 0x09 || (b > 0x0d && b < 0x20)) control++;
  }
  return sample.length > 0 && control / sample.length > 0.1;
}

/**
 * Decides how to read a body. `essence` is the served type; the bytes overrule it when they are
 * plainly something else (a PNG served as text/html is refused, a PDF served as
 * application/octet-stream is read).
 */
export function documentKind(essence: string, bytes: Uint8Array, url: string): DocumentKind {
  const signature = sniffSignature(bytes);
  if (signature === 'application/pdf') return 'pdf';
  if (essence === 'application/pdf') {
    throw unsupported(url, essence, 'the body is not a PDF (no %PDF- signature)');
  }
  if (signature !== undefined) {
    throw unsupported(url, signature, essence === '' ? undefined : `served as ${essence}`);
  }
  if (isUnreadableType(essence)) throw unsupported(url, essence);
  if (looksBinary(bytes)) {
    throw unsupported(url, essence === '' ? 'binary data' : `binary data served as ${essence}`);
  }
  if (essence === 'text/html' || essence === 'application/xhtml+xml') return 'html';
  if (essence === 'application/json' || essence.endsWith('+json')) return 'json';
  if (essence === 'application/xml' || essence === 'text/xml' || essence.endsWith('+xml')) return 'xml';
  if (essence.startsWith('text/') || essence === 'application/javascript' || essence === 'application/x-ndjson')
    return 'text';
  if (essence === '' || essence === 'application/octet-stream' || essence === 'binary/octet-stream') {
    return sniffTextKind(bytes);
  }
  throw unsupported(url, essence);
}

/** Untyped text: HTML when it starts like HTML, JSON when it parses, else plain text. */
function sniffTextKind(bytes: Uint8Array): DocumentKind {
  const head = Buffer.from(bytes.subarray(0, 512)).toString('latin1').trimStart().toLowerCase();
  if (head.startsWith('<!doctype html') || head.startsWith('<html') || /^<(head|body|meta|title)\b/.test(head))
    return 'html';
  if (head.startsWith('<?xml')) return 'xml';
  if (head.startsWith('{') || head.startsWith('[')) return 'json';
  return 'text';
}

export function unsupported(url: string, type: string, note?: string): LanternError {
  return new LanternError(
    'UNSUPPORTED_CONTENT',
    `${url} is ${type}${note === undefined ? '' : ` (${note})`}; Lantern reads HTML, PDF, text, Markdown, JSON and XML only.`,
    { details: { url, contentType: type } },
  );
}
