/**
 * Brave Search (search.brave.com/search). Organic results are `#results .snippet[data-type="web"]`
 * with the title link as the block's first absolute link holding a title element; a site's
 * sub-pages ("result cluster") follow their parent as results of their own.
 * When Brave distrusts a client it answers with a captcha / proof-of-work challenge page.
 */
import { contains, type CheerioAPI } from 'cheerio/slim';
import type { Element } from 'domhandler';
import type { Classification, EngineQuery, ParsedPage, ParsedResult, SearchEngine } from '../engine';
import type { PageSnapshot } from '../../browser/page-snapshot';
import type { TimeRange } from '../../../shared/contract';
import { isDateLike } from '../parse-utils';
import {
  bodyText,
  dedupeResults,
  firstPhrase,
  firstPresent,
  httpUrl,
  loadHtml,
  makeResult,
  nodeText,
  parsePageUrl,
  pageWithRelated,
  unexpectedPage,
} from './engine-utils';
import { queryWithSites, type SiteOperatorSupport } from '../site-operators';

const DEFAULT_ORIGIN = 'https://search.brave.com';
/** Brave serves 20 web results per page and pages with `offset` = page number (0-based). */
const PAGE_SIZE = 20;
const TIME_FILTERS: Record<TimeRange, string> = { day: 'pd', week: 'pw', month: 'pm', year: 'py' };

const RESULT_SELECTOR = '#results .snippet';
const TITLE_SELECTOR = '.snippet-title, .title, .search-snippet-title, [class*="title"]';
/** Result text: the description paragraph, the generic snippet, or a product/review card's text. */
const DESCRIPTION_SELECTOR =
  '.snippet-description, .generic-snippet .content, .snippet-content p, .description, .product .text-sm';
const NO_RESULTS_SELECTORS = ['#results .no-results', '.no-results', '[data-type="no-results"]'];
const CHALLENGE_SELECTORS = [
  '#captcha',
  '.captcha',
  '[id*="captcha" i]',
  '[class*="captcha" i]',
  'form[action*="captcha"]',
  'iframe[src*="hcaptcha.com"]',
  'iframe[src*="challenges.cloudflare.com"]',
  '.cf-turnstile',
  '.h-captcha',
  '[data-pow]',
];
const CHALLENGE_PHRASES = [
  'verify you are human',
  "prove you're not a robot",
  'not a robot',
  'complete the captcha',
  'proof of work',
  'suspicious activity',
  'too many requests',
];

/** Brave's search operators: site: and -site: (one site: a query; several are left to the filter). */
const BRAVE_SITE_OPERATORS: SiteOperatorSupport = { include: 'one', exclude: true };

function buildRequest(query: EngineQuery, origin: string = DEFAULT_ORIGIN): string {
  const url = new URL('/search', origin);
  url.searchParams.set('q', queryWithSites(query, BRAVE_SITE_OPERATORS));
  url.searchParams.set('source', 'web');
  const page = Math.floor(query.offset / PAGE_SIZE);
  if (page > 0) url.searchParams.set('offset', String(page));
  if (query.timeRange !== undefined) url.searchParams.set('tf', TIME_FILTERS[query.timeRange]);
  if (query.region !== undefined) url.searchParams.set('country', query.region.toLowerCase());
  // Brave has no language filter for its index; the interface language follows the browser.
  if (query.safe !== undefined) url.searchParams.set('safesearch', query.safe ? 'strict' : 'off');
  return url.href;
}

function classify(page: PageSnapshot): Classification {
  const url = parsePageUrl(page);
  if (url === undefined || page.html.trim() === '') return unexpectedPage(page, 'Brave Search', '');
  if (/captcha|challenge/i.test(url.pathname)) {
    return { state: 'captcha', reason: `URL is ${url.pathname} (Brave challenge)` };
  }
  const $ = loadHtml(page.html);
  const challenge = firstPresent($, CHALLENGE_SELECTORS);
  if (challenge !== undefined) return { state: 'captcha', reason: `challenge marker ${challenge}` };
  if (page.status === 429) return { state: 'captcha', reason: 'HTTP 429 from Brave Search (rate limit challenge)' };
  const results = resultBlocks($).length;
  if (results > 0) return { state: 'results', reason: `${results} .snippet results in #results` };
  const phrase = firstPhrase(bodyText($), CHALLENGE_PHRASES);
  if (phrase !== undefined) return { state: 'captcha', reason: `challenge text "${phrase}"` };
  const noResults = firstPresent($, NO_RESULTS_SELECTORS);
  if (noResults !== undefined) return { state: 'no-results', reason: `no-results notice ${noResults}` };
  return unexpectedPage(page, 'Brave Search', 'no .snippet in #results, no no-results notice and no challenge marker');
}

/**
 * Top-level web result blocks: `.snippet` with data-type="web", or with no data-type (grouped
 * results from one site). News, video, FAQ and infobox blocks carry their own data-type.
 */
function resultBlocks($: CheerioAPI): Element[] {
  return $(RESULT_SELECTOR)
    .toArray()
    .filter((el) => {
      const type = $(el).attr('data-type');
      return (
        (type === undefined || type === 'web') && $(el).parents('.snippet, .result-cluster, .cluster').length === 0
      );
    });
}

/** Title text without the favicon's alt text or the displayed URL. */
function titleText($: CheerioAPI, link: ReturnType<CheerioAPI>): string {
  const title = link.find(TITLE_SELECTOR).first();
  const holder = (title.length > 0 ? title : link).clone();
  holder.find('img, svg, cite, .favicon-wrapper, .snippet-url, .netloc').remove();
  return nodeText(holder);
}

/** The first absolute link of a block that holds a title (ads use relative click URLs). */
function titleLink($: CheerioAPI, block: ReturnType<CheerioAPI>): ReturnType<CheerioAPI> {
  const links = block.find('a[href]').not('.result-cluster a, .cluster a, .deep-results a');
  const withTitle = links.filter(
    (_, a) => /^https?:\/\//i.test($(a).attr('href') ?? '') && $(a).find(TITLE_SELECTOR).length > 0,
  );
  if (withTitle.length > 0) return withTitle.first();
  return links.filter((_, a) => $(a).is('.result-header, .h, .heading-serpresult')).first();
}

function descriptionOf($: CheerioAPI, scope: ReturnType<CheerioAPI>): { text: string; date?: string } {
  // Descriptions of a cluster nested in this block belong to the cluster's own results.
  const own = (selector: string): ReturnType<CheerioAPI> =>
    scope.find(selector).filter((_, el) => {
      const cluster = $(el).closest('.result-cluster, .cluster').get(0);
      const block = scope.get(0);
      return cluster === undefined || block === undefined || !contains(block, cluster);
    });
  const description = own(DESCRIPTION_SELECTOR).not('.published-time').first();
  const text = nodeText(description);
  // "Published: July 23, 2021 Views: 3K" under video results (sometimes only "Views: 848").
  const published = nodeText(own('.published-time').first());
  const labelled = /published:\s*(.+?)(?:\s+\S+:\s|$)/i.exec(published)?.[1];
  const date = labelled ?? (isDateLike(published) ? published : undefined);
  return date === undefined ? { text } : { text, date };
}

function resultFrom(
  $: CheerioAPI,
  scope: ReturnType<CheerioAPI>,
  link: ReturnType<CheerioAPI>,
  base: string,
): ParsedResult | undefined {
  const href = link.attr('href');
  if (href === undefined || !/^https?:\/\//i.test(href)) return undefined; // relative = ad click
  const url = httpUrl(href, base);
  if (url === undefined || /(^|\.)search\.brave\.com$/i.test(new URL(url).hostname)) return undefined;
  const { text, date } = descriptionOf($, scope);
  return makeResult(titleText($, link), url, text, date);
}

function parse(page: PageSnapshot): ParsedPage {
  const $ = loadHtml(page.html);
  const base = parsePageUrl(page)?.href ?? DEFAULT_ORIGIN;
  const results: Array<ParsedResult | undefined> = [];
  for (const el of resultBlocks($)) {
    const block = $(el);
    if (block.is('[data-type="ad"], .ad, .is-ad') || block.find('.ad-badge, [data-ad]').length > 0) continue;
    results.push(resultFrom($, block, titleLink($, block), base));
    // A site's sub-pages, listed under the main result.
    for (const sub of block.find('.result-cluster .snippet, .cluster .snippet').toArray()) {
      const subBlock = $(sub);
      results.push(resultFrom($, subBlock, subBlock.find('a[href]').first(), base));
    }
  }
  return pageWithRelated($, dedupeResults(results), '#related-queries a, .related-queries a');
}

export const brave: SearchEngine = {
  id: 'brave',
  defaultOrigin: DEFAULT_ORIGIN,
  pageSize: PAGE_SIZE,
  readySelectors: ['#results .snippet', '.no-results', ...CHALLENGE_SELECTORS.slice(0, 5)],
  completeSelectors: ['#results'],
  buildRequest,
  classify,
  parse,
};
