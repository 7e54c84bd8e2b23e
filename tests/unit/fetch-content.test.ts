import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeBody } from '../../src/main/fetch/charset';
import { documentKind, parseContentType } from '../../src/main/fetch/content-type';
import { countWords } from '../../src/main/fetch/read-document';
import { LanternError } from '../../src/shared/errors';

const html = (head: string, body: string) => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

describe('decodeBody', () => {
  it('decodes GBK, Shift_JIS and Windows-1251 from the Content-Type charset', () => {
    expect(decodeBody(iconv.encode('中文网页，简体字。', 'gbk'), 'gbk', 'text').text).toBe('中文网页，简体字。');
    expect(decodeBody(iconv.encode('日本語のページです。', 'shift_jis'), 'Shift_JIS', 'text').text).toBe(
      '日本語のページです。',
    );
    expect(decodeBody(iconv.encode('Привет, мир', 'win1251'), 'windows-1251', 'text').text).toBe('Привет, мир');
  });

  it('finds the charset in <meta charset> and in http-equiv', () => {
    const gbk = iconv.encode(html('<meta charset="gb2312"><title>标题</title>', '<p>正文内容</p>'), 'gbk');
    expect(decodeBody(gbk, undefined, 'html')).toMatchObject({ charset: 'gb2312', source: 'meta' });
    expect(decodeBody(gbk, undefined, 'html').text).toContain('<p>正文内容</p>');
    const sjis = iconv.encode(
      html('<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">', '<p>東京</p>'),
      'shift_jis',
    );
    expect(decodeBody(sjis, undefined, 'html').text).toContain('<p>東京</p>');
  });

  it('lets a BOM win over a wrong header, and the header win over meta', () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('naïve café')]);
    expect(decodeBody(withBom, 'iso-8859-1', 'text')).toEqual({ text: 'naïve café', charset: 'utf-8', source: 'bom' });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Grüße', 'utf16le')]);
    expect(decodeBody(utf16, undefined, 'text').text).toBe('Grüße');
    const cyrillic = iconv.encode(html('<meta charset="utf-8">', 'Щука'), 'win1251');
    expect(decodeBody(cyrillic, 'windows-1251', 'html').text).toContain('Щука');
  });

  it('falls back to UTF-8 when valid, else windows-1252, and ignores unknown labels', () => {
    expect(decodeBody(Buffer.from('héllo'), undefined, 'text')).toMatchObject({ text: 'héllo', charset: 'utf-8' });
    expect(decodeBody(Buffer.from([0x63, 0x61, 0x66, 0xe9]), undefined, 'text')).toMatchObject({
      text: 'café',
      charset: 'windows-1252',
    });
    expect(decodeBody(Buffer.from('plain'), 'no-such-charset', 'text').text).toBe('plain');
  });

  it('reads the XML declaration for XML', () => {
    const xml = iconv.encode(
      '<?xml version="1.0" encoding="windows-1251"?><rss><title>Новости</title></rss>',
      'win1251',
    );
    expect(decodeBody(xml, undefined, 'xml').text).toContain('Новости');
  });
});

describe('documentKind', () => {
  const kindOrCode = (type: string, bytes: Uint8Array): string => {
    try {
      return documentKind(parseContentType(type).essence, bytes, 'https://x.test/f');
    } catch (error) {
      return (error as LanternError).code;
    }
  };
  const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  const text = Buffer.from('hello');

  it('takes the type and charset from a Content-Type header, and nothing from an unparseable one', () => {
    expect(parseContentType('Text/HTML; Charset="GBK"')).toEqual({ essence: 'text/html', charset: 'GBK' });
    expect(parseContentType('application/pdf')).toEqual({ essence: 'application/pdf' });
    expect(parseContentType('html')).toEqual({ essence: '' });
    expect(parseContentType(undefined)).toEqual({ essence: '' });
  });

  it('reads documents by their served type', () => {
    expect(kindOrCode('text/html; charset=utf-8', text)).toBe('html');
    expect(kindOrCode('application/xhtml+xml', text)).toBe('html');
    expect(kindOrCode('application/json', text)).toBe('json');
    expect(kindOrCode('application/ld+json', text)).toBe('json');
    expect(kindOrCode('application/rss+xml', text)).toBe('xml');
    expect(kindOrCode('text/markdown', text)).toBe('text');
    expect(kindOrCode('text/plain', text)).toBe('text');
  });

  it('refuses media, archives and binaries, whatever they claim to be', () => {
    expect(kindOrCode('image/png', png)).toBe('UNSUPPORTED_CONTENT');
    expect(kindOrCode('video/mp4', text)).toBe('UNSUPPORTED_CONTENT');
    expect(kindOrCode('application/zip', text)).toBe('UNSUPPORTED_CONTENT');
    expect(kindOrCode('text/html', png)).toBe('UNSUPPORTED_CONTENT');
    expect(kindOrCode('text/html', Uint8Array.from([0x41, 0x00, 0x42, 0x00, 0x01, 0x02]))).toBe('UNSUPPORTED_CONTENT');
    expect(kindOrCode('application/octet-stream', Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 2, 1]))).toBe(
      'UNSUPPORTED_CONTENT',
    );
    expect(kindOrCode('application/pdf', text)).toBe('UNSUPPORTED_CONTENT');
  });

  it('names the type it refused', () => {
    expect(() => documentKind('text/html', png, 'https://x.test/f')).toThrow(/image\/png \(served as text\/html\)/);
  });

  it('sniffs untyped and octet-stream bodies', () => {
    expect(kindOrCode('application/octet-stream', Buffer.from('%PDF-1.7\n'))).toBe('pdf');
    expect(kindOrCode('', Buffer.from('  <!DOCTYPE html><p>x'))).toBe('html');
    expect(kindOrCode('', Buffer.from('{"a":1}'))).toBe('json');
    expect(kindOrCode('', Buffer.from('just words'))).toBe('text');
  });
});

describe('countWords', () => {
  it('counts words in spaced scripts and characters in CJK', () => {
    expect(countWords('The quick brown fox — it’s 42!')).toBe(6);
    expect(countWords('日本語のテキスト')).toBe(8);
    expect(countWords('Привет мир')).toBe(2);
  });
});
