/**
 * Google as a SearchEngine: the request URL, what kind of page came back, and its results.
 * All three are pure and tested on recorded pages (tests/unit/google-*.test.ts); the markers
 * are described in shared/docs/GOOGLE-SERP.md.
 */
import type { CheerioAPI } from 'cheerio/slim';
import type { TimeRange } from '../../../shared/contract';
import type { Classification, EngineQuery, ParsedPage, SearchEngine } from '../engine';
import type { PageSnapshot } from '../../browser/page-snapshot';
import { collapseWhitespace, textOfNodes } from '../parse-utils';
import { parseFeaturedSnippet, parsePeopleAlsoAsk, parseRelatedSearches, parseTopStories } from './google-features';
import { hasOrganicResult, parseOrganicResults } from './google-organic';
import { loadHtml } from './engine-utils';
import { queryWithSites, type SiteOperatorSupport } from '../site-operators';

const DEFAULT_ORIGIN = 'https://www.google.com';

const TIME_RANGE_TBS: Readonly<Record<TimeRange, string>> = {
  day: 'qdr:d',
  week: 'qdr:w',
  month: 'qdr:m',
  year: 'qdr:y',
};

/** Google's documented operators: site:, several joined by OR, and -site:. */
const GOOGLE_SITE_OPERATORS: SiteOperatorSupport = { include: 'any', exclude: true };

/**
 * `/search?q=…` with hl (interface language), gl (country), start (offset, left out for the
 * first page), tbs (recency) and safe. Never `num`: Google ignores it above 10 since 2025 and
 * it looks automated. `origin` may carry a path prefix (a mirror or a test server).
 */
export function buildGoogleRequest(query: EngineQuery, origin: string = DEFAULT_ORIGIN): string {
  const url = new URL(`${origin.replace(/\/+$/, '')}/search`);
  const params = url.searchParams;
  params.set('q', queryWithSites(query, GOOGLE_SITE_OPERATORS));
  if (query.lang !== undefined && query.lang !== '') params.set('hl', query.lang);
  if (query.region !== undefined && query.region !== '') params.set('gl', query.region.toLowerCase());
  const start = Math.max(0, Math.floor(query.offset));
  if (start > 0) params.set('start', String(start));
  if (query.timeRange !== undefined) params.set('tbs', TIME_RANGE_TBS[query.timeRange]);
  if (query.safe !== undefined) params.set('safe', query.safe ? 'active' : 'off');
  return url.href;
}

// ---------------------------------------------------------------------------------------------
// Classification
// ---------------------------------------------------------------------------------------------

const CAPTCHA_SELECTORS = 'form#captcha-form, #recaptcha, .g-recaptcha, iframe[src*="recaptcha"]';
const CAPTCHA_TEXT =
  /unusual traffic from your computer network|ungewöhnlichen Datenverkehr|trafic exceptionnel|tráfico inusual|traffico insolito/i;

/** Chromium's own "this site can't be reached" page (net::ERR_…). */
const CHROMIUM_ERROR_SELECTORS = '#main-frame-error, body.neterror, #error-information-popup-container';

/** Title of the consent dialog that covers results pages in the EU, in several languages. */
const CONSENT_TITLE =
  /before you continue|bevor sie (?:zu google )?weitergehen|avant d[’']accéder|antes de (?:ir|continuar)|prima di (?:continuare|procedere)|voordat je verdergaat|zanim przejdziesz/i;

/** "Your search did not match any documents", localised. */
const NO_RESULTS_NOTICE = new RegExp(
  [
    'did not match any documents',
    'no results found for',
    'übereinstimmenden Dokumente gefunden',
    'ergab keine Treffer',
    'ne correspond à aucun document',
    'aucun document ne correspond',
    'no obtuvo ningún resultado',
    'no ha obtenido ningún resultado',
    'non ha prodotto risultati',
    'não encontrou nenhum documento',
    'leverde geen overeenkomende documenten op',
    'nie została odnaleziona',
    'hiçbir belgeyle eşleşmedi',
    'ничего не найдено',
    '一致する情報は見つかりませんでした',
    '找不到和您查询的',
    '找不到符合搜尋字詞',
    '일치하는 검색결과가 없습니다',
  ].join('|'),
  'i',
);

/** The text Google's JavaScript shell shows to clients it wants to run JavaScript first. */
const JS_SHELL_TEXT =
  /enable javascript|please click here if you are not redirected|having trouble accessing google search|javascript (?:aktivieren|activer|habilitar)/i;

/** Containers a results page (JavaScript or basic layout) always has. */
const RESULTS_CONTAINERS = '#rso, #search, #botstuff';
/** The basic (no-JavaScript) layout: result titles inside links (`/url?q=…`, or direct on the Books tab) under #main. */
const BASIC_LAYOUT_RESULTS = '#main a[href] h3, #main h3 a[href]';

function isHiddenInline(style: string | undefined): boolean {
  return style !== undefined && /display\s*:\s*none/i.test(style);
}

function consentMarker($: CheerioAPI): string | undefined {
  if ($('form[action*="consent.google."]').length > 0) return 'form posting to consent.google.com';
  const dialog = $('[role="dialog"], [aria-modal="true"]')
    .filter((_, el) => {
      const node = $(el);
      if (isHiddenInline(node.attr('style'))) return false;
      const label = `${node.attr('aria-label') ?? ''} ${node.attr('title') ?? ''}`;
      if (CONSENT_TITLE.test(label)) return true;
      // Language-independent: the dialog holds Google's "Accept all"/"Reject all" buttons.
      return node.find('#L2AGLb, #W0wltc').length > 0;
    })
    .first();
  if (dialog.length > 0)
    return `"${collapseWhitespace(dialog.attr('aria-label') ?? dialog.attr('title') ?? 'consent')}" dialog over the page`;
  return undefined;
}

function parseUrl(raw: string): URL | undefined {
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}

/** What kind of page the browser ended on; see GOOGLE-SERP.md "Classify the page before parsing". */
export function classifyGooglePage(page: PageSnapshot): Classification {
  const url = parseUrl(page.finalUrl);
  if (url === undefined || url.protocol === 'about:') {
    return { state: 'unexpected', reason: `not a Google page: ${page.finalUrl || 'empty URL'}` };
  }
  if (url.protocol === 'chrome-error:' || url.protocol === 'chrome:') {
    return { state: 'unexpected', reason: `Chromium error page (${page.finalUrl})` };
  }
  const host = url.hostname.toLowerCase();
  // The origin can be replaced (mirrors, test servers), so the /sorry/ path counts on any host.
  if (host === 'sorry.google.com') return { state: 'captcha', reason: 'host is sorry.google.com' };
  if (url.pathname === '/sorry' || url.pathname.startsWith('/sorry/')) {
    return { state: 'captcha', reason: `URL is ${url.pathname}` };
  }
  if (page.status === 429) return { state: 'captcha', reason: 'HTTP 429 (too many requests)' };
  if (host === 'consent.google.com') return { state: 'consent', reason: 'host is consent.google.com' };
  if (host === 'accounts.google.com') return { state: 'unexpected', reason: 'sign-in page (accounts.google.com)' };

  const $ = loadHtml(page.html);
  if ($(CAPTCHA_SELECTORS).length > 0)
    return { state: 'captcha', reason: 'CAPTCHA form or reCAPTCHA widget in the page' };
  if ($(CHROMIUM_ERROR_SELECTORS).length > 0) return { state: 'unexpected', reason: 'Chromium error page markup' };
  // The page's whole text is costly on a results page and only needed when there are no results.
  let bodyText: string | undefined;
  const visibleText = (): string => (bodyText ??= textOfNodes($('body').toArray()));

  const hasContainer = $(RESULTS_CONTAINERS).length > 0 || $(BASIC_LAYOUT_RESULTS).length > 0;
  const consent = consentMarker($);
  if (consent !== undefined) {
    // The EU dialog covers a results page whose results are already in the document.
    return hasContainer && hasOrganicResult($)
      ? { state: 'consent', reason: `${consent}, with organic results under it`, resultsUnder: true }
      : { state: 'consent', reason: consent };
  }

  // The notice text decides only without results: a search about it finds it in snippets.
  if (!hasContainer && CAPTCHA_TEXT.test(visibleText()))
    return { state: 'captcha', reason: '"unusual traffic" notice' };
  // The shell's text also sits hidden in normal pages: it decides only without a results container.
  if (!hasContainer && (page.html.includes('/httpservice/retry/enablejs') || JS_SHELL_TEXT.test(visibleText()))) {
    return { state: 'js-shell', reason: 'JavaScript shell (enablejs) without a results container' };
  }

  if (hasContainer && hasOrganicResult($)) return { state: 'results', reason: 'organic results' };
  const noResults = NO_RESULTS_NOTICE.exec(visibleText());
  if (noResults !== null && (hasContainer || $('#main, #res, #topstuff').length > 0)) {
    return { state: 'no-results', reason: `"${noResults[0]}" notice and no organic result` };
  }
  if (hasContainer && (parseFeaturedSnippet($) !== undefined || parseTopStories($) !== undefined)) {
    return { state: 'results', reason: 'results container with page features but no organic result' };
  }
  if (hasContainer) {
    return {
      state: 'unexpected',
      reason: 'results container without organic results or a no-results notice (has the layout changed?)',
    };
  }
  return { state: 'unexpected', reason: 'no results container and no block marker' };
}

// ---------------------------------------------------------------------------------------------
// Parsing
// ---------------------------------------------------------------------------------------------

/** The query the page answers, from the search box (or the URL), to leave it out of related searches. */
function pageQuery($: CheerioAPI, finalUrl: string): string | undefined {
  const box = $('input[name="q"], textarea[name="q"]').first();
  const value = box.is('textarea') ? box.text() : box.attr('value');
  if (value !== undefined && value.trim() !== '') return value;
  return parseUrl(finalUrl)?.searchParams.get('q') ?? undefined;
}

export function parseGooglePage(page: PageSnapshot): ParsedPage {
  const $ = loadHtml(page.html);
  const featuredSnippet = parseFeaturedSnippet($);
  const parsed: ParsedPage = {
    results: parseOrganicResults($, featuredSnippet ? { featuredText: featuredSnippet.text } : {}),
  };
  if (featuredSnippet !== undefined) parsed.featuredSnippet = featuredSnippet;
  const peopleAlsoAsk = parsePeopleAlsoAsk($);
  if (peopleAlsoAsk !== undefined) parsed.peopleAlsoAsk = peopleAlsoAsk;
  const relatedSearches = parseRelatedSearches($, pageQuery($, page.finalUrl));
  if (relatedSearches !== undefined) parsed.relatedSearches = relatedSearches;
  const topStories = parseTopStories($);
  if (topStories !== undefined) parsed.topStories = topStories;
  return parsed;
}

export const google: SearchEngine = {
  id: 'google',
  defaultOrigin: DEFAULT_ORIGIN,
  pageSize: 10,
  readySelectors: [
    // results (JavaScript layout, then the basic layout)
    '#rso',
    '#search',
    '#botstuff',
    '#main a[href] h3',
    // block markers
    'form#captcha-form',
    '#recaptcha',
    'form[action*="consent.google."]',
    '#L2AGLb',
  ],
  // #rso holds every organic result and #search holds #rso; #botstuff comes after them with the
  // related searches, and a page is read once the parser is past every one of them it has begun.
  // (Not the basic layout's `#main a[href] h3`: that is one result, and more follow.)
  completeSelectors: ['#rso', '#search', '#botstuff', 'form#captcha-form', 'form[action*="consent.google."]'],
  // Between the end of #search and the start of #botstuff come the bottom ads and scripts, tens of
  // kilobytes where the parser can pause: read then, a page would lack its related searches.
  trailingSelectors: ['#botstuff'],
  consentButtons: {
    // The dialog over a results page (#W0wltc / #L2AGLb), then the full consent.google.com page,
    // whose two forms post to /save and differ only in set_eom (true = reject all).
    reject: [
      '#W0wltc',
      'form:has(input[name="set_eom"][value="true"]) button',
      'form:has(input[name="set_eom"][value="true"]) input[type="submit"]',
    ],
    accept: [
      '#L2AGLb',
      'form:has(input[name="set_eom"][value="false"]) button',
      'form:has(input[name="set_eom"][value="false"]) input[type="submit"]',
    ],
  },
  buildRequest: buildGoogleRequest,
  classify: classifyGooglePage,
  parse: parseGooglePage,
};
