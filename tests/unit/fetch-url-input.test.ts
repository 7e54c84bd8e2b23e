import { describe, expect, it } from 'vitest';
import { extractUrls, parseTargetUrl, rewriteGitHubBlob } from '../../src/main/fetch/url-input';
import { LanternError } from '../../src/shared/errors';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof LanternError ? error.code : 'not a LanternError';
  }
  return undefined;
}

describe('parseTargetUrl', () => {
  it('refuses every scheme but http and https with BLOCKED_URL', () => {
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'ftp://example.com/a',
      'gopher://x/',
    ]) {
      expect(
        codeOf(() => parseTargetUrl(url)),
        url,
      ).toBe('BLOCKED_URL');
    }
  });

  it('normalises numeric and short IPv4 hosts the way URL does', () => {
    expect(parseTargetUrl('http://2130706433/').hostname).toBe('127.0.0.1');
    expect(parseTargetUrl('http://0x7f000001/').hostname).toBe('127.0.0.1');
    expect(parseTargetUrl('http://127.1/').hostname).toBe('127.0.0.1');
    expect(parseTargetUrl('http://[::ffff:127.0.0.1]/').hostname).toBe('[::ffff:7f00:1]');
  });

  it('adds https to a bare host, keeps ports, drops the fragment', () => {
    expect(parseTargetUrl('example.com/page').href).toBe('https://example.com/page');
    expect(parseTargetUrl('localhost:3000/x').href).toBe('https://localhost:3000/x');
    expect(parseTargetUrl('https://example.com/a#section').href).toBe('https://example.com/a');
  });

  it('refuses credentials in the URL and rejects garbage as INVALID_INPUT', () => {
    expect(codeOf(() => parseTargetUrl('https://user:pw@example.com/'))).toBe('BLOCKED_URL');
    expect(codeOf(() => parseTargetUrl('http://'))).toBe('INVALID_INPUT');
    expect(codeOf(() => parseTargetUrl('https://exa mple.com/'))).toBe('INVALID_INPUT');
  });
});

describe('GitHub blob URLs', () => {
  it('go to raw.githubusercontent.com', () => {
    expect(parseTargetUrl('https://github.com/nodejs/undici/blob/main/docs/api/Agent.md').href).toBe(
      'https://raw.githubusercontent.com/nodejs/undici/main/docs/api/Agent.md',
    );
    expect(parseTargetUrl('https://github.com/o/r/blob/v1.2.3/src/a%20b.ts?plain=1#L10').href).toBe(
      'https://raw.githubusercontent.com/o/r/v1.2.3/src/a%20b.ts',
    );
    expect(rewriteGitHubBlob(new URL('https://www.github.com/o/r/raw/main/README.md')).href).toBe(
      'https://raw.githubusercontent.com/o/r/main/README.md',
    );
  });

  it('leave other GitHub pages alone', () => {
    for (const url of [
      'https://github.com/o/r',
      'https://github.com/o/r/tree/main/src',
      'https://github.com/o/r/issues/1',
    ]) {
      expect(rewriteGitHubBlob(new URL(url)).href).toBe(url);
    }
  });
});

describe('extractUrls', () => {
  it('finds every URL in prose and trims its punctuation', () => {
    const prompt =
      'Compare https://a.example/one, https://b.example/two. Also (see https://c.example/three) and ' +
      '"https://d.example/four"; then https://e.example/five! Done: https://f.example/six?x=1&y=2…';
    expect(extractUrls(prompt)).toEqual([
      'https://a.example/one',
      'https://b.example/two',
      'https://c.example/three',
      'https://d.example/four',
      'https://e.example/five',
      'https://f.example/six?x=1&y=2',
    ]);
  });

  it('keeps balanced parentheses, handles Markdown links and CJK punctuation', () => {
    expect(extractUrls('See https://en.wikipedia.org/wiki/Foo_(bar).')).toEqual([
      'https://en.wikipedia.org/wiki/Foo_(bar)',
    ]);
    expect(extractUrls('[docs](https://x.example/docs) and <https://y.example/>')).toEqual([
      'https://x.example/docs',
      'https://y.example/',
    ]);
    expect(extractUrls('请看https://z.example/页面，然后回答。')).toEqual(['https://z.example/页面']);
  });

  it('ignores non-http schemes and duplicates', () => {
    expect(extractUrls('file:///etc/passwd ftp://x.example https://a.example https://a.example')).toEqual([
      'https://a.example',
    ]);
    expect(extractUrls('no links here')).toEqual([]);
  });
});
