/**
 * Helpers shared by the Bing, DuckDuckGo, Baidu and Brave modules: page-state checks and result
 * assembly over cheerio (Google's module, which has its own, shares only loadHtml).
 * Engine-independent; candidates to move to ../parse-utils.ts (which holds the text, date and URL
 * primitives used here).
 */
// htmlparser2 (cheerio/slim), not parse5: 3–10× faster on 1 MB result pages, and the pages are
// serialised by the browser (well-formed), so both parsers build the same tree.
import { load, type Cheerio, type CheerioAPI } from 'cheerio/slim';
import type { AnyNode } from 'domhandler';
import type { Classification, ParsedPage, ParsedResult } from '../engine';
import type { PageSnapshot } from '../../browser/page-snapshot';
import { withoutControlCharacters } from '../../../shared/format/plain-text';
import {
  collapseWhitespace,
  isHttpUrl,
  resolveUrl,
  splitLeadingDate,
  textOfNodes,
  urlIdentityKey,
} from '../parse-utils';

let lastHtml: string | undefined;
let lastDocument: CheerioAPI | undefined;

/**
 * The parsed document of `html`. The service calls classify and then parse on the same snapshot,
 * and parsing a results page (300 kB, a Google one 1 MB) is the expensive step, so the last
 * document is kept, whichever engine's it is.
 * Callers must not modify it: they clone a selection before removing nodes from it.
 */
export function loadHtml(html: string): CheerioAPI {
  if (html !== lastHtml || lastDocument === undefined) {
    lastDocument = load(html);
    lastHtml = html;
  }
  return lastDocument;
}

/** Hosts and paths a page URL is on, or undefined for about:blank and garbage. */
export function parsePageUrl(page: PageSnapshot): URL | undefined {
  try {
    const url = new URL(page.finalUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** First selector of `selectors` present in the page, for a classification reason. */
export function firstPresent($: CheerioAPI, selectors: readonly string[]): string | undefined {
  return selectors.find((selector) => $(selector).length > 0);
}

/** First of `phrases` found (case-insensitive) in the visible text of the page. */
export function firstPhrase(text: string, phrases: readonly string[]): string | undefined {
  const lower = text.toLowerCase();
  return phrases.find((phrase) => lower.includes(phrase.toLowerCase()));
}

/** Visible text of the body (scripts and styles skipped, block boundaries kept as spaces). */
export function bodyText($: CheerioAPI): string {
  return textOfNodes($('body').toArray());
}

/** Visible text of a selection, with word boundaries between block elements. */
export function nodeText(selection: Cheerio<AnyNode>): string {
  return textOfNodes(selection.toArray());
}

/** Absolute http(s) URL of `href` against `base`, or undefined (javascript:, data:, junk). */
export function httpUrl(href: string | undefined, base: string): string | undefined {
  if (href === undefined) return undefined;
  const url = resolveUrl(href, base);
  return url !== undefined && isHttpUrl(url) ? url : undefined;
}

/** The state every engine reports for a blank, non-http or unrecognised page. */
export function unexpectedPage(page: PageSnapshot, engineName: string, detail: string): Classification {
  if (page.html.trim() === '' || parsePageUrl(page) === undefined) {
    return {
      state: 'unexpected',
      reason: `not a ${engineName} page (URL "${page.finalUrl || '(none)'}", ${page.html.length} bytes of HTML)`,
    };
  }
  return { state: 'unexpected', reason: detail };
}

/**
 * Builds one result from DOM text (already entity-decoded): whitespace collapsed, a leading date
 * moved from the snippet into `date` unless the page gave one. Undefined without title or URL.
 */
export function makeResult(
  title: string,
  url: string | undefined,
  rawSnippet: string,
  date?: string,
): ParsedResult | undefined {
  const cleanTitle = collapseWhitespace(withoutControlCharacters(title));
  if (url === undefined || cleanTitle === '') return undefined;
  const split = splitLeadingDate(withoutControlCharacters(rawSnippet));
  const result: ParsedResult = { title: cleanTitle, url, snippet: split.text };
  const found = date !== undefined && date !== '' ? collapseWhitespace(date) : split.date;
  if (found !== undefined && found !== '') result.date = found;
  return result;
}

/** Keeps the first result of each normalised URL, in page order. */
export function dedupeResults(results: Iterable<ParsedResult | undefined>): ParsedResult[] {
  const seen = new Set<string>();
  const kept: ParsedResult[] = [];
  for (const result of results) {
    if (result === undefined) continue;
    const key = urlIdentityKey(result.url);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(result);
  }
  return kept;
}

/** Unique non-empty texts, in order (related searches). */
export function uniqueTexts(texts: Iterable<string>): string[] {
  const out: string[] = [];
  for (const raw of texts) {
    const text = collapseWhitespace(raw);
    if (text !== '' && !out.includes(text)) out.push(text);
  }
  return out;
}

/**
 * A parsed page: the results, plus the texts of the related-search links under `selector` when
 * the page has any.
 */
export function pageWithRelated($: CheerioAPI, results: ParsedResult[], selector: string): ParsedPage {
  const related = uniqueTexts(
    $(selector)
      .toArray()
      .map((el) => nodeText($(el))),
  );
  return related.length > 0 ? { results, relatedSearches: related } : { results };
}
