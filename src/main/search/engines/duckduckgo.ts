/**
 * DuckDuckGo's JavaScript-free endpoint (html.duckduckgo.com/html/). Results are `.result`
 * blocks with a `.result__a` title link, usually wrapped as `//duckduckgo.com/l/?uddg=<target>`.
 * A client DuckDuckGo distrusts gets HTTP 202 with an empty page or the "anomaly" challenge.
 */
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

const DEFAULT_ORIGIN = 'https://html.duckduckgo.com';
const TIME_FILTERS: Record<TimeRange, string> = { day: 'd', week: 'w', month: 'm', year: 'y' };
/**
 * DuckDuckGo regions are "<country>-<language>" with its own language codes ("tw-tzh", "jp-jp",
 * "kr-kr"). Countries whose default language code differs from the country code:
 */
const REGION_DEFAULT_LANGUAGE: Record<string, string> = Object.fromEntries(
  Object.entries({
    en: 'us uk au ca ie nz in za sg ph my id th vn',
    es: 'mx ar cl co pe ve uy',
    de: 'at ch',
    fr: 'be',
    pt: 'br',
    zh: 'cn',
    tzh: 'tw hk',
    ar: 'xa',
    sv: 'se',
    da: 'dk',
    uk: 'ua',
    he: 'il',
    el: 'gr',
    cs: 'cz',
    et: 'ee',
  }).flatMap(([language, countries]) => countries.split(' ').map((country) => [country, language])),
);
/** BCP-47 primary languages that DuckDuckGo spells differently. */
const DDG_LANGUAGE: Record<string, string> = { ja: 'jp', ko: 'kr' };

const RESULT_SELECTOR = '.result.web-result, #links .result.results_links, .results .result';
const AD_SELECTOR = '.result--ad, .result--ad--small';
const NO_RESULTS_SELECTORS = ['.result--no-result', '.no-results'];
const ANOMALY_SELECTORS = [
  '[class*="anomaly-modal"]',
  '#challenge-form',
  'form[action*="anomaly"]',
  '[id*="captcha" i]',
  'iframe[src*="captcha"]',
];
const ANOMALY_PHRASES = ['bots use duckduckgo too', 'complete the following challenge', 'verify you are human'];

/** DuckDuckGo's `kl` region code ("us-en", "de-de", "uk-en", "tw-tzh"), or undefined without a region. */
export function duckDuckGoRegion(region: string | undefined, lang: string | undefined): string | undefined {
  if (region === undefined) return undefined;
  const country = region.toLowerCase() === 'gb' ? 'uk' : region.toLowerCase();
  const primary = lang?.split('-')[0]?.toLowerCase();
  const regionDefault = REGION_DEFAULT_LANGUAGE[country] ?? country;
  // Chinese in Taiwan and Hong Kong is "tzh" (traditional); other languages keep their code.
  if (primary === undefined || (primary === 'zh' && regionDefault === 'tzh')) return `${country}-${regionDefault}`;
  return `${country}-${DDG_LANGUAGE[primary] ?? primary}`;
}

/** DuckDuckGo's search syntax: one site: and -site: (no OR of sites). */
const DUCKDUCKGO_SITE_OPERATORS: SiteOperatorSupport = { include: 'one', exclude: true };

function buildRequest(query: EngineQuery, origin: string = DEFAULT_ORIGIN): string {
  const url = new URL('/html/', origin);
  url.searchParams.set('q', queryWithSites(query, DUCKDUCKGO_SITE_OPERATORS));
  if (query.offset > 0) {
    url.searchParams.set('s', String(query.offset));
    url.searchParams.set('dc', String(query.offset + 1));
  }
  const kl = duckDuckGoRegion(query.region, query.lang);
  if (kl !== undefined) url.searchParams.set('kl', kl);
  if (query.timeRange !== undefined) url.searchParams.set('df', TIME_FILTERS[query.timeRange]);
  if (query.safe !== undefined) url.searchParams.set('kp', query.safe ? '1' : '-2');
  return url.href;
}

function classify(page: PageSnapshot): Classification {
  const url = parsePageUrl(page);
  if (url === undefined) return unexpectedPage(page, 'DuckDuckGo', '');
  if (page.status === 202) {
    // DuckDuckGo answers clients it treats as bots with 202 and an empty or challenge page.
    return { state: 'captcha', reason: 'HTTP 202 from DuckDuckGo (its answer to clients it treats as bots)' };
  }
  if (page.html.trim() === '') return unexpectedPage(page, 'DuckDuckGo', '');
  const $ = loadHtml(page.html);
  const anomaly = firstPresent($, ANOMALY_SELECTORS);
  if (anomaly !== undefined) return { state: 'captcha', reason: `anomaly challenge marker ${anomaly}` };
  const results = $(RESULT_SELECTOR).filter(
    (_, el) => !$(el).is(AD_SELECTOR) && $(el).find('.result__a').length > 0,
  ).length;
  if (results > 0) return { state: 'results', reason: `${results} .result blocks with .result__a` };
  const phrase = firstPhrase(bodyText($), ANOMALY_PHRASES);
  if (phrase !== undefined) return { state: 'captcha', reason: `challenge text "${phrase}"` };
  const noResults = firstPresent($, NO_RESULTS_SELECTORS);
  if (noResults !== undefined) return { state: 'no-results', reason: `no-results notice ${noResults}` };
  return unexpectedPage(page, 'DuckDuckGo', 'no .result__a link, no no-results notice and no anomaly marker');
}

/** The HTML endpoint puts an ISO timestamp after the displayed URL on some results. */
function dateOf(text: string): string | undefined {
  return /\b\d{4}-\d{2}-\d{2}(?=T|\b)/.exec(text)?.[0];
}

function parse(page: PageSnapshot): ParsedPage {
  const $ = loadHtml(page.html);
  const base = parsePageUrl(page)?.href ?? DEFAULT_ORIGIN;
  const items = $(RESULT_SELECTOR).filter((_, el) => !$(el).is(AD_SELECTOR));
  const results = dedupeResults(
    items.toArray().map((el) => {
      const item = $(el);
      const link = item.find('a.result__a[href]').first();
      // `//duckduckgo.com/l/?uddg=<target>` → target; what stays on duckduckgo.com (y.js ads,
      // internal links) is not a result.
      const url = httpUrl(unwrapRedirectUrl(link.attr('href') ?? '', base), base);
      if (url === undefined || /(^|\.)duckduckgo\.com$/i.test(new URL(url).hostname)) return undefined;
      const snippet = nodeText(item.find('.result__snippet').first());
      const date = dateOf(nodeText(item.find('.result__timestamp, .result__extras__url span').not('.result__icon')));
      return makeResult(nodeText(link), url, snippet, date);
    }),
  );
  return pageWithRelated($, results, '.related-searches a, .result--related a');
}

export const duckduckgo: SearchEngine = {
  id: 'duckduckgo',
  defaultOrigin: DEFAULT_ORIGIN,
  pageSize: 10,
  readySelectors: ['.result__a', '.no-results', '.result--no-result', ...ANOMALY_SELECTORS.slice(0, 3)],
  completeSelectors: ['#links'],
  buildRequest,
  classify,
  parse,
};
