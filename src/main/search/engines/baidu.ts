/**
 * Baidu web search (www.baidu.com/s). Results are `.c-container` blocks in `#content_left` with an
 * `h3 a` link through `baidu.com/link?url=…`; the real target is in the block's `mu` attribute
 * (or data-landurl / data-tools) when Baidu puts it there, otherwise the redirect is kept.
 * Blocked clients are sent to wappass.baidu.com ("百度安全验证").
 */
import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import type { Classification, EngineQuery, ParsedPage, SearchEngine } from '../engine';
import type { PageSnapshot } from '../../browser/page-snapshot';
import type { TimeRange } from '../../../shared/contract';
import { cleanText, collapseWhitespace, isDateLike } from '../parse-utils';
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

const DEFAULT_ORIGIN = 'https://www.baidu.com';
const PAGE_SIZE = 10;
const TIME_RANGE_SECONDS: Record<TimeRange, number> = {
  day: 86_400,
  week: 7 * 86_400,
  month: 31 * 86_400,
  year: 365 * 86_400,
};

const CONTAINER_SELECTOR = '.result, .result-op, .c-container';
const NO_RESULTS_SELECTORS = ['.nors', '#content_left .nors', '.c-nors'];
const VERIFY_SELECTORS = [
  '#verify',
  '.vcode-body',
  '.vcode-spin',
  '#vcode',
  '.passMod_dialog-body',
  'iframe[src*="wappass.baidu.com"]',
  'form[action*="wappass.baidu.com"]',
  '[id*="captcha" i]',
];
const VERIFY_PHRASES = ['百度安全验证', '安全验证', '请完成下方验证', '网络不给力，请稍后重试', 'wappass.baidu.com'];
/** Ad blocks ("广告") carry these markers in every Baidu layout since 2019. */
const AD_SELECTORS = '[data-tuiguang], .ec_tuiguang_pplink, .ec-tuiguang, .ec_ad_results, [cmatchid]';

/** Baidu's `gpc` time filter: a window of Unix seconds ending now. */
export function baiduTimeFilter(range: TimeRange, nowMs: number = Date.now()): string {
  const now = Math.floor(nowMs / 1000);
  return `stf=${now - TIME_RANGE_SECONDS[range]},${now}|stftype=1`;
}

/** Baidu documents site: for one domain and no way to keep one out: exclusions are left to the filter. */
const BAIDU_SITE_OPERATORS: SiteOperatorSupport = { include: 'one', exclude: false };

function buildRequest(query: EngineQuery, origin: string = DEFAULT_ORIGIN): string {
  const url = new URL('/s', origin);
  url.searchParams.set('wd', queryWithSites(query, BAIDU_SITE_OPERATORS));
  url.searchParams.set('ie', 'utf-8');
  url.searchParams.set('rn', String(PAGE_SIZE));
  if (query.offset > 0) url.searchParams.set('pn', String(query.offset));
  if (query.timeRange !== undefined) url.searchParams.set('gpc', baiduTimeFilter(query.timeRange));
  return url.href;
}

function classify(page: PageSnapshot): Classification {
  const url = parsePageUrl(page);
  if (url === undefined || page.html.trim() === '') return unexpectedPage(page, 'Baidu', '');
  if (/(^|\.)wappass\.baidu\.com$/i.test(url.hostname) || /\/static\/captcha|\/verify/i.test(url.pathname)) {
    return { state: 'captcha', reason: `URL is ${url.hostname}${url.pathname} (Baidu security check)` };
  }
  const $ = loadHtml(page.html);
  const marker = firstPresent($, VERIFY_SELECTORS);
  if (marker !== undefined) return { state: 'captcha', reason: `verification marker ${marker}` };
  if (/百度安全验证/.test(page.title) || /百度安全验证/.test($('title').text())) {
    return { state: 'captcha', reason: 'title is "百度安全验证" (Baidu security check)' };
  }
  const results = resultContainers($).length;
  if (results > 0) return { state: 'results', reason: `${results} result blocks in #content_left` };
  const phrase = firstPhrase(bodyText($), VERIFY_PHRASES);
  if (phrase !== undefined) return { state: 'captcha', reason: `verification text "${phrase}"` };
  const noResults = firstPresent($, NO_RESULTS_SELECTORS);
  if (noResults !== undefined) return { state: 'no-results', reason: `no-results notice ${noResults}` };
  return unexpectedPage(page, 'Baidu', 'no result block in #content_left, no .nors notice and no verification marker');
}

/** Top-level result blocks of the main column (nested sub-cards and the right column excluded). */
function resultContainers($: CheerioAPI): Element[] {
  const column = $('#content_left');
  const scope = column.length > 0 ? column.find(CONTAINER_SELECTOR) : $(CONTAINER_SELECTOR);
  return scope
    .toArray()
    .filter((el) => $(el).parents(CONTAINER_SELECTOR).length === 0)
    .filter((el) => $(el).closest('#con-ar, #content_right').length === 0);
}

function isBaiduRedirect(url: string): boolean {
  return /^https?:\/\/(www\.)?baidu\.com\/(link|baidu\.php)\?/i.test(url);
}

/** Baidu's own search verticals (images, video, "search again" links) are not organic results. */
function isBaiduVertical(url: string): boolean {
  const { hostname, pathname } = new URL(url);
  if (/(^|\.)(image|video|map|music)\.baidu\.com$/i.test(hostname)) return true;
  if (/\.lightapp\.baidu\.com$|recommend_list\.baidu\.com$/i.test(hostname)) return true;
  return /^(www\.)?baidu\.com$/i.test(hostname) && /^\/(s|sf|baidu)\b/.test(pathname);
}

function dataToolsUrl(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  try {
    const tools = JSON.parse(raw) as { url?: unknown };
    return typeof tools.url === 'string' ? tools.url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The real target when the page states it (mu, data-landurl, data-tools, s-data), else the
 * redirect. Candidates that are Baidu redirects or Baidu's own search verticals are passed over;
 * old pages sometimes hold a JavaScript fragment in `mu`, so only absolute http(s) values count.
 */
export function baiduTargetUrl(
  candidates: ReadonlyArray<string | undefined>,
  linkHref: string | undefined,
  base: string,
): string | undefined {
  for (const candidate of candidates) {
    if (candidate === undefined || !/^https?:\/\//i.test(candidate.trim())) continue;
    const url = httpUrl(candidate, base);
    if (url !== undefined && !isBaiduRedirect(url) && !isBaiduVertical(url)) return url;
  }
  return httpUrl(linkHref, base);
}

/** Cards rendered client-side keep their data in an `<!--s-data:{…}-->` comment. */
function sData($: CheerioAPI, el: Element): { title?: string; url?: string } | undefined {
  const comment = $(el)
    .contents()
    .add($(el).children().contents())
    .toArray()
    .find((node) => node.type === 'comment' && node.data.trimStart().startsWith('s-data:'));
  if (comment === undefined || comment.type !== 'comment') return undefined;
  try {
    const data = JSON.parse(comment.data.trimStart().slice('s-data:'.length)) as { title?: unknown; url?: unknown };
    const out: { title?: string; url?: string } = {};
    if (typeof data.title === 'string') out.title = cleanText(data.title); // s-data titles are markup (<em>…</em>)
    if (typeof data.url === 'string') out.url = data.url;
    return out;
  } catch {
    return undefined;
  }
}

/** Snippet text, and the date Baidu prints in its own span at the start of it (2023年2月5日, 3天前). */
function snippetOf($: CheerioAPI, el: Element): { text: string; date?: string } {
  const item = $(el);
  const preferred = item
    .find('.c-abstract, [class*="content-right_"], .c-span-last .c-color-text, .c-span-last p')
    .first();
  if (preferred.length === 0) {
    const rest = item.clone();
    rest.find('h3, .c-showurl, .c-tools, .f13, .c-gap-top-xsmall a').remove();
    return { text: nodeText(rest).slice(0, 400) };
  }
  const snippet = preferred.clone();
  const dateSpan = snippet.find('.newTimeFactor_before_abs, span.c-color-gray2').first();
  const date = collapseWhitespace(nodeText(dateSpan).replace(/[-–—\s]+$/, ''));
  if (date !== '' && isDateLike(date)) {
    dateSpan.remove();
    return { text: nodeText(snippet), date };
  }
  return { text: nodeText(snippet) };
}

function parse(page: PageSnapshot): ParsedPage {
  const $ = loadHtml(page.html);
  const base = parsePageUrl(page)?.href ?? DEFAULT_ORIGIN;
  const results = dedupeResults(
    resultContainers($).map((el) => {
      const item = $(el);
      if (item.is(AD_SELECTORS) || item.find(AD_SELECTORS).length > 0) return undefined;
      const link = item.find('h3 a[href]').first();
      const data = sData($, el);
      const mu = item.attr('mu');
      const muUrl = mu === undefined ? undefined : httpUrl(mu, base);
      // A card whose `mu` is one of Baidu's own verticals (image, video, music search) is a
      // vertical box; it counts only when its data names an outside page.
      const verticalCard = muUrl !== undefined && /^https?:/i.test(mu ?? '') && isBaiduVertical(muUrl);
      const candidates = [
        mu,
        item.attr('data-landurl'),
        dataToolsUrl(item.find('[data-tools]').first().attr('data-tools')),
        data?.url,
      ];
      const url = verticalCard
        ? baiduTargetUrl([data?.url], undefined, base)
        : baiduTargetUrl(candidates, link.attr('href'), base);
      const title = link.length > 0 ? nodeText(link) : data?.title;
      if (url === undefined || title === undefined || isBaiduVertical(url)) return undefined;
      const snippet = snippetOf($, el);
      return makeResult(title, url, snippet.text, snippet.date);
    }),
  );
  return pageWithRelated($, results, '#rs a, #rs_new a');
}

export const baidu: SearchEngine = {
  id: 'baidu',
  defaultOrigin: DEFAULT_ORIGIN,
  pageSize: PAGE_SIZE,
  readySelectors: ['#content_left .c-container', '#content_left .result', '.nors', ...VERIFY_SELECTORS.slice(0, 4)],
  completeSelectors: ['#content_left'],
  buildRequest,
  classify,
  parse,
};
