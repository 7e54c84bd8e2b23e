/**
 * Turning bytes into text the way a browser would: BOM first, then the Content-Type charset,
 * then a <meta> (HTML) or XML declaration, else UTF-8 when the bytes are valid UTF-8 and
 * windows-1252 when not. Decoding uses TextDecoder (WHATWG labels; Node 20 ships full ICU, so
 * GBK, Shift_JIS, Windows-1251, EUC-KR, Big5… work) and falls back to iconv-lite on runtimes
 * built without those tables.
 */
import iconv from 'iconv-lite';

export type TextKind = 'html' | 'xml' | 'text' | 'json';

export interface DecodedText {
  text: string;
  /** The charset label used, lower case. */
  charset: string;
  /** Where the charset came from. */
  source: 'bom' | 'header' | 'meta' | 'default';
}

export function decodeBody(bytes: Uint8Array, headerCharset: string | undefined, kind: TextKind): DecodedText {
  const bom = bomCharset(bytes);
  if (bom !== undefined) return { text: decodeWith(bytes, bom), charset: bom, source: 'bom' };
  const declared = usableLabel(headerCharset);
  if (declared !== undefined) return { text: decodeWith(bytes, declared), charset: declared, source: 'header' };
  const inDocument = kind === 'html' ? metaCharset(bytes) : kind === 'xml' ? xmlDeclarationCharset(bytes) : undefined;
  if (inDocument !== undefined) {
    // A document cannot declare itself UTF-16 in ASCII-compatible bytes; browsers read that as UTF-8.
    const label = inDocument.startsWith('utf-16') ? 'utf-8' : inDocument;
    return { text: decodeWith(bytes, label), charset: label, source: 'meta' };
  }
  if (isValidUtf8(bytes)) return { text: decodeWith(bytes, 'utf-8'), charset: 'utf-8', source: 'default' };
  return { text: decodeWith(bytes, 'windows-1252'), charset: 'windows-1252', source: 'default' };
}

function bomCharset(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return undefined;
}

/** A label we can decode, lower-cased, or undefined for unknown labels (which are then ignored). */
function usableLabel(label: string | undefined): string | undefined {
  if (label === undefined) return undefined;
  const clean = label
    .trim()
    .replace(/^["']|["']$/g, '')
    .toLowerCase();
  if (clean === '') return undefined;
  if (textDecoderSupports(clean) || iconv.encodingExists(clean)) return clean;
  return undefined;
}

/** The HTML prescan, simplified: the first <meta charset> or http-equiv content charset in 4 KB. */
function metaCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('latin1');
  for (const match of head.matchAll(/<meta\b[^>]*>/gi)) {
    const tag = match[0];
    const direct = /\bcharset\s*=\s*["']?\s*([^\s"'/>;]+)/i.exec(tag);
    const label = usableLabel(direct?.[1]);
    if (label !== undefined) return label;
  }
  return undefined;
}

function xmlDeclarationCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(0, 256)).toString('latin1');
  const match = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/i.exec(head);
  return usableLabel(match?.[1]);
}

const supportCache = new Map<string, boolean>();
function textDecoderSupports(label: string): boolean {
  let supported = supportCache.get(label);
  if (supported === undefined) {
    try {
      new TextDecoder(label);
      supported = true;
    } catch {
      supported = false;
    }
    supportCache.set(label, supported);
  }
  return supported;
}

export function decodeWith(bytes: Uint8Array, label: string): string {
  if (textDecoderSupports(label)) return new TextDecoder(label).decode(bytes);
  if (iconv.encodingExists(label)) return stripBom(iconv.decode(Buffer.from(bytes), label));
  return new TextDecoder('utf-8').decode(bytes);
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
