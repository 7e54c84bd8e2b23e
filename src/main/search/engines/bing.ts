/**
 * Bing web search (www.bing.com/search). Organic results are `#b_results > li.b_algo` with the
 * title link in `h2 a`; since 2023 links go through `bing.com/ck/a?…&u=a1<base64url target>`.
 */
import type { CheerioAPI } from 'cheerio';
import type { Classification, EngineQuery, ParsedPage, SearchEngine } from '../engine';
import type { PageSnapshot } from '../../browser/page-snapshot';
import type { TimeRange } from '../../../shared/contract';
import { unwrapRedirectUrl } from '../parse-utils';
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

const DEFAULT_ORIGIN = 'https://www.bing.com';
const DAY_MS = 86_400_000;

/** `filters=ex1:"ez1"` is what Bing's own "Past 24 hours / week / month" menu sends. */
const TIME_FILTERS: Record<Exclude<TimeRange, 'year'>, string> = { day: 'ez1', week: 'ez2', month: 'ez3' };

const RESULT_SELECTOR = '#b_results > li.b_algo, #b_results li.b_algo';
const NO_RESULTS_SELECTORS = ['#b_results > li.b_no', 'li.b_no', '.b_no'];
/** The challenge page (Cloudflare Turnstile since 2023, Bing's own "turing" captcha before). */
const CHALLENGE_SELECTORS = [
  '#b_captcha',
  '#turingcaptcha',
  '.cf-turnstile',
  'iframe[src*="challenges.cloudflare.com"]',
  'iframe[src*="/turing/captcha"]',
  'form[action*="/turing/captcha"]',
  '[id*="captcha" i]',
];
const CHALLENGE_PHRASES = [
  'verify you are human',
  'solve the challenge below to continue',
  'one last step',
  'enter the characters you see',
  'our systems have detected unusual traffic',
];
const CONSENT_SELECTORS = ['form[action*="consent"]', '#bnp_btn_accept'];

/** Bing's time filter; "year" is a custom range ending today (days since the Unix epoch). */
export function bingTimeFilter(range: TimeRange, nowMs: number = Date.now()): string {
  if (range === 'year') {
    const today = Math.floor(nowMs / DAY_MS);
    return `ex1:"ez5_${today - 365}_${today}"`;
  }
  return `ex1:"${TIME_FILTERS[range]}"`;
}

/** Bing's advanced operators: site:, (site:a OR site:b), and -site:. */
const BING_SITE_OPERATORS: SiteOperatorSupport = { include: 'any', exclude: true };

function buildRequest(query: EngineQuery, origin: string = DEFAULT_ORIGIN): string {
  const url = new URL('/search', origin);
  url.searchParams.set('q', queryWithSites(query, BING_SITE_OPERATORS));
  if (query.offset > 0) url.searchParams.set('first', String(query.offset + 1));
  if (query.lang !== undefined) url.searchParams.set('setlang', query.lang);
  if (query.region !== undefined) url.searchParams.set('cc', query.region.toUpperCase());
  if (query.timeRange !== undefined) url.searchParams.set('filters', bingTimeFilter(query.timeRange));
  if (query.safe !== undefined) url.searchParams.set('adlt', query.safe ? 'strict' : 'off');
  return url.href;
}

function classify(page: PageSnapshot): Classification {
  const url = parsePageUrl(page);
  if (url === undefined || page.html.trim() === '') return unexpectedPage(page, 'Bing', '');
  if (/\/(turing\/captcha|challenge)/i.test(url.pathname)) {
    return { state: 'captcha', reason: `URL is ${url.pathname} (Bing challenge)` };
  }
  const $ = loadHtml(page.html);
  const challenge = firstPresent($, CHALLENGE_SELECTORS);
  if (challenge !== undefined) return { state: 'captcha', reason: `challenge marker ${challenge}` };
  if (/^\/(images|videos|news|maps|shop)\b/.test(url.pathname)) {
    return { state: 'unexpected', reason: `Bing vertical ${url.pathname}, not web results` };
  }
  const results = $(RESULT_SELECTOR).length;
  if (results > 0) return { state: 'results', reason: `${results} li.b_algo in #b_results` };
  const text = bodyText($);
  const phrase = firstPhrase(text, CHALLENGE_PHRASES);
  if (phrase !== undefined) return { state: 'captcha', reason: `challenge text "${phrase}"` };
  const noResults = firstPresent($, NO_RESULTS_SELECTORS);
  if (noResults !== undefined) return { state: 'no-results', reason: `no-results notice ${noResults}` };
  const consent = firstPresent($, CONSENT_SELECTORS);
  if (consent !== undefined) return { state: 'consent', reason: `consent form ${consent} and no results` };
  if ($('noscript').text().toLowerCase().includes('javascript') && $('#b_results').length === 0) {
    return { state: 'js-shell', reason: 'no #b_results, only a <noscript> JavaScript notice' };
  }
  return unexpectedPage(page, 'Bing', 'no li.b_algo, no b_no notice and no challenge marker');
}

/** Links back into Bing itself (searches, verticals, ads) are not organic results. */
function isInternalLink(href: string): boolean {
  const url = new URL(href);
  if (!/(^|\.)bing\.com$/i.test(url.hostname)) return false;
  return /^\/(search|images|videos|news|maps|shop|aclick|aclk|ck\/)/i.test(url.pathname);
}

/** Snippet containers, best first; the caption minus its attribution line is the fallback. */
const SNIPPET_SELECTORS = [
  '.b_caption p',
  'p[class*="b_lineclamp"]',
  '.b_algoSlug',
  '.b_paractl',
  '.b_snippet',
  '.b_caption',
];

function snippetOf(item: ReturnType<CheerioAPI>): string {
  for (const selector of SNIPPET_SELECTORS) {
    for (const element of item.find(selector).toArray()) {
      const snippet = item.find(element).clone();
      snippet.find('.b_attribution, cite, .b_deep, .b_vlist2col, .b_factrow, .sa_uc, .tab-head').remove();
      const text = nodeText(snippet);
      if (text !== '') return text;
    }
  }
  return '';
}

function parse(page: PageSnapshot): ParsedPage {
  const $ = loadHtml(page.html);
  const base = parsePageUrl(page)?.href ?? DEFAULT_ORIGIN;
  // Ads, and the sideways "algo cluster" carousels (b_slideexp) that repeat a topic's pages
  // below the main list, are not part of the ranked organic list.
  const items = $(RESULT_SELECTOR).filter(
    (_, el) => $(el).closest('.b_ad, .b_adTop, .b_adBottom, .b_slideexp, .b_slidebar').length === 0,
  );
  const results = dedupeResults(
    items.toArray().map((el) => {
      const item = $(el);
      const link = item.find('h2 a[href]').first();
      // ck/a click-tracking links carry the target base64url-encoded in `u`.
      const url = httpUrl(unwrapRedirectUrl(link.attr('href') ?? '', base), base);
      if (url === undefined || isInternalLink(url)) return undefined;
      return makeResult(nodeText(link), url, snippetOf(item));
    }),
  );
  return pageWithRelated($, results, '.b_rs li a, #brsv3 a, .b_rrsr a');
}

export const bing: SearchEngine = {
  id: 'bing',
  defaultOrigin: DEFAULT_ORIGIN,
  pageSize: 10,
  readySelectors: ['#b_results li.b_algo', '#b_results .b_no', ...CHALLENGE_SELECTORS.slice(0, 6)],
  completeSelectors: ['#b_results'],
  buildRequest,
  classify,
  parse,
};
