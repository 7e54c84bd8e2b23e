/**
 * How parsed results are compared with recorded expectations (webis, zlurad, serpapi):
 * URLs normalised, highlight tags stripped, whitespace collapsed.
 */

/** Scheme-less, `www.`-less, lower-case host, no fragment, no trailing slash, decoded path. */
export function normalizeUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return raw.trim().toLowerCase();
  }
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  let path = url.pathname;
  try {
    path = decodeURI(path);
  } catch {
    // keep the encoded path when it is not valid percent-encoding
  }
  path = path.replace(/\/+$/, '');
  const search = url.search === '?' ? '' : url.search;
  return `${host}${path}${search}`;
}

/**
 * Removes tags such as <em>/<b>, decodes the common entities, drops invisible formatting marks
 * (zero-width and bidirectional controls, which recorded titles sometimes carry and pages never
 * show), collapses whitespace.
 */
export function cleanText(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

export interface PageScore {
  recall: number;
  precision: number;
  matched: number;
  expected: number;
  got: number;
  /** Matched URLs whose titles are equal after cleaning. */
  titlesEqual: number;
}

/** Recall and precision of `got` URLs against `expected` ones (both normalised, as sets). */
export function scorePage(
  expected: ReadonlyArray<{ url: string; title?: string }>,
  got: ReadonlyArray<{ url: string; title: string }>,
): PageScore {
  const expectedByUrl = new Map(expected.map((e) => [normalizeUrl(e.url), e]));
  const gotUrls = new Set(got.map((g) => normalizeUrl(g.url)));
  let matched = 0;
  let titlesEqual = 0;
  for (const result of got) {
    const key = normalizeUrl(result.url);
    const want = expectedByUrl.get(key);
    if (!want || !gotUrls.has(key)) continue;
    gotUrls.delete(key); // count each URL once
    matched++;
    if (want.title !== undefined && cleanText(want.title) === cleanText(result.title)) titlesEqual++;
  }
  return {
    recall: expectedByUrl.size === 0 ? 1 : matched / expectedByUrl.size,
    precision:
      got.length === 0
        ? expectedByUrl.size === 0
          ? 1
          : 0
        : matched / new Set(got.map((g) => normalizeUrl(g.url))).size,
    matched,
    expected: expectedByUrl.size,
    got: got.length,
    titlesEqual,
  };
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}
