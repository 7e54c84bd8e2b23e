/**
 * Turning what callers send into URLs to fetch: bare URLs, URLs buried in prose, GitHub blob
 * links. Pure functions; the network policy is url-policy.ts.
 */
import { LanternError } from '../../shared/errors';

const ALLOWED_SCHEMES = new Set(['http:', 'https:']);

/**
 * Parses one URL as a caller typed it. A bare host ("example.com/page") gets https://; any scheme
 * but http and https is BLOCKED_URL (file:, javascript:, data:, ftp:…). The fragment is dropped:
 * it is never sent to the server and would split the cache.
 */
export function parseTargetUrl(raw: string): URL {
  const text = raw.trim();
  // "scheme:" not followed by a digit is a scheme (javascript:, data:, file:); "host:8080" is a port.
  const hasScheme = /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text);
  const withScheme = hasScheme ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new LanternError('INVALID_INPUT', `"${shorten(text)}" is not a valid URL; send an absolute http(s) URL.`);
  }
  if (!ALLOWED_SCHEMES.has(url.protocol)) {
    throw new LanternError(
      'BLOCKED_URL',
      `Only http and https URLs can be fetched; "${shorten(text)}" uses ${url.protocol}`,
      { details: { url: shorten(text), scheme: url.protocol } },
    );
  }
  if (url.username || url.password) {
    // Credentials in URLs end up in logs and caches; agents have no business sending them.
    throw new LanternError('BLOCKED_URL', `URLs with credentials (user:password@) are not fetched: ${url.host}`);
  }
  url.hash = '';
  return rewriteGitHubBlob(url);
}

/**
 * github.com/{owner}/{repo}/blob/{ref}/{path} (and …/raw/…) → raw.githubusercontent.com, so the
 * file itself is fetched instead of GitHub's script-heavy viewer page.
 */
export function rewriteGitHubBlob(url: URL): URL {
  const host = url.hostname.toLowerCase();
  if (host !== 'github.com' && host !== 'www.github.com') return url;
  const match = /^\/([^/]+)\/([^/]+)\/(?:blob|raw)\/(.+)$/.exec(url.pathname);
  if (!match) return url;
  const [, owner, repo, rest] = match;
  return new URL(`https://raw.githubusercontent.com/${owner}/${repo}/${rest}`);
}

/** Characters that cannot belong to a URL in prose (whitespace, quotes, brackets, CJK punctuation). */
const URL_IN_TEXT =
  /https?:\/\/[^\s<>"'`{}|\\^\u00a0\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?*_~'"…]+$/;
const CLOSERS: Record<string, string> = { ')': '(', ']': '[' };

/**
 * Every http(s) URL in free text, in order, without duplicates, with the punctuation of the
 * surrounding prose trimmed: "see https://a.org/x." → https://a.org/x, "(https://a.org/x)" →
 * https://a.org/x, while https://en.wikipedia.org/wiki/Foo_(bar) keeps its balanced parenthesis.
 */
export function extractUrls(text: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = trimProsePunctuation(match[0]);
    if (!/^https?:\/\/[^/?#]+/i.test(url)) continue;
    if (seen.has(url)) continue;
    seen.add(url);
    found.push(url);
  }
  return found;
}

function trimProsePunctuation(candidate: string): string {
  let url = candidate;
  for (;;) {
    const before = url;
    url = url.replace(TRAILING_PUNCTUATION, '');
    const last = url.at(-1);
    const opener = last === undefined ? undefined : CLOSERS[last];
    if (opener !== undefined && count(url, last!) > count(url, opener)) url = url.slice(0, -1);
    if (url === before) return url;
  }
}

function count(text: string, char: string): number {
  let n = 0;
  for (const c of text) if (c === char) n++;
  return n;
}

export function shorten(text: string, max = 200): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
