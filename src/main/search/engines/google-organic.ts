/**
 * Organic results of a Google results page, for every layout Lantern has met: the JavaScript
 * desktop page (2019–2023+), and the basic no-JavaScript page (`/url?q=` links, 2019–2023).
 *
 * Anchored on structure, not on class names: a result is an `h3` inside (or holding) a link
 * inside the results area; its block is the largest ancestor that holds no other result title.
 * Class names only rank the snippet candidates inside that block and name the page areas to
 * skip (ads, "people also ask", carousels), each list with a structural fallback.
 */
import type { Cheerio, CheerioAPI } from 'cheerio';
import type { ParsedResult } from '../engine';
import {
  isGoogleHost,
  isHttpUrl,
  splitLeadingDate,
  textOfNodes,
  unwrapRedirectUrl,
  urlIdentityKey,
} from '../parse-utils';

/** Any parsed node, named through cheerio's API (domhandler is not a direct dependency). */
type AnyNode = Parameters<CheerioAPI['contains']>[0];
type Node = Cheerio<AnyNode>;

/** Links in Google pages are relative to Google, not to wherever the page was served from. */
export const GOOGLE_BASE = 'https://www.google.com';

/**
 * Where result titles are looked for, first found wins: the centre column (#rcnt, #center_col:
 * it holds the featured snippet above #search), then narrower containers of other layouts, then
 * #main of the basic layout; the whole body when none is present.
 */
export const RESULT_AREAS = ['#rcnt', '#center_col', '#search', '#rso', '#main'] as const;

/**
 * Page areas whose titles are not organic results. Each entry says why.
 * (Structural checks in `isInsideExcludedArea` cover carousels without these names.)
 */
const EXCLUDED_AREAS = [
  '#tads', // top text ads
  '#tadsb', // bottom text ads (older)
  '#bottomads', // bottom text ads
  '[data-text-ad]', // a single text ad
  '.commercial-unit-desktop-top', // shopping ads
  '.commercial-unit-desktop-rhs',
  '#rhs', // knowledge panel column
  '.related-question-pair', // people also ask
  '[data-initq]', // people also ask container
  'g-section-with-header', // top stories, tweets, videos (headed carousels)
  'g-scrolling-carousel', // any horizontal carousel
  'g-inner-card', // cards inside carousels
  'video-voyager', // video carousel entries
  'inline-video', // video results group
  'g-accordion-expander', // expandable panels (PAA in some layouts)
  '#botstuff', // related searches, pagination
  '#bres', // related searches (older)
  'footer',
  '#foot',
].join(',');

/** Snippet containers, best first; the first one found inside a result block wins. */
const SNIPPET_SELECTORS = [
  '.VwiC3b', // 2021–2024 desktop
  '[data-sncf="1"]', // 2023+ desktop
  '[data-content-feature="1"]',
  'div[style*="-webkit-line-clamp"]', // 2022+ clamp box
  '.aCOpRe', // 2020–2021 desktop: the text only (its parent .IsZvec also holds grouped sub-results)
  'span.st', // 2019 desktop
  '.IsZvec', // 2020–2021 desktop, the whole box
  '.s3v9rd', // no-JavaScript layout
] as const;

/** Featured snippet text containers, best first. */
export const FEATURED_TEXT_SELECTORS = [
  '.hgKElc',
  '[data-attrid="wa:/description"]',
  '.xpdopen .LGOjhe',
  '.e24Kjd', // 2019–2020
  '.iKJnec',
] as const;
/** Areas that hold a featured snippet (its source link is a result too). */
export const FEATURED_AREAS = '#Odp5De, .xpdopen, block-component, .kp-blk, .c2xzTb';

export function findResultArea($: CheerioAPI): Node {
  for (const selector of RESULT_AREAS) {
    const area = $(selector).first();
    if (area.length > 0) return area;
  }
  return $('body').first().length > 0 ? $('body').first() : $.root();
}

/**
 * The result URL behind an href: Google's `/url?q=` redirect unwrapped, relative links resolved
 * against Google; undefined for what is not a result target (ads, Google's own search and
 * image pages, non-http schemes).
 */
export function resultUrlFromHref(href: string | undefined): string | undefined {
  if (href === undefined) return undefined;
  const trimmed = href.trim();
  if (trimmed === '' || trimmed.startsWith('#') || /^javascript:/i.test(trimmed)) return undefined;
  if (/\/aclk\?|googleadservices\.com/i.test(trimmed)) return undefined;
  const url = unwrapRedirectUrl(trimmed, GOOGLE_BASE);
  if (!isHttpUrl(url)) return undefined;
  const parsed = new URL(url);
  const host = parsed.hostname.toLowerCase();
  // Google's own search pages (www.google.*/search, /imgres, /url …) are navigation, never
  // results; other Google sites (maps., developers., translate.) can be.
  if (isGoogleHost(host) && /^(?:www\.)?google\./.test(host) && NAVIGATION_PATHS.test(parsed.pathname))
    return undefined;
  if (host === 'webcache.googleusercontent.com') return undefined;
  // Google adds text fragments (#:~:text=…) to highlight the answer; the page is the result.
  if (parsed.hash.includes(':~:')) {
    const kept = parsed.hash.slice(1, parsed.hash.indexOf(':~:'));
    parsed.hash = kept;
    return parsed.href.replace(/#$/, '');
  }
  return url;
}

/** Paths of Google's search host that lead to more Google pages, not to a result. */
const NAVIGATION_PATHS = /^\/(?:search|url|imgres|aclk|setprefs)\/?$/;

/** The link a title belongs to: the nearest `a[href]` around the h3, or the one inside it (2014-style `h3.r > a`). */
function linkOfTitle(title: Node): Node | undefined {
  const around = title.closest('a[href]');
  if (around.length > 0) return around;
  const inside = title.find('a[href]').first();
  return inside.length > 0 ? inside : undefined;
}

/**
 * The page's excluded areas, found once: asking `closest(EXCLUDED_AREAS)` of every title would
 * compile the selector list again for each one, which was most of the time spent parsing a page.
 */
function findExcludedAreas($: CheerioAPI): Set<AnyNode> {
  // Structural fallback for carousels with unknown names: a horizontal list of cards.
  const cards = $('[role="list"] [role="listitem"]').toArray();
  return new Set([...$(EXCLUDED_AREAS).toArray(), ...cards]);
}

function isInsideExcludedArea(title: AnyNode, excluded: ReadonlySet<AnyNode>): boolean {
  for (let node: AnyNode | null = title; node; node = node.parent) if (excluded.has(node)) return true;
  return false;
}

/**
 * How many titles (h3) each element holds, counted once per page so that finding each result's
 * block stays linear in the page size.
 */
function countTitlesPerAncestor(titles: readonly AnyNode[]): Map<AnyNode, number> {
  const counts = new Map<AnyNode, number>();
  for (const title of titles) {
    for (let node = title.parent; node; node = node.parent) counts.set(node, (counts.get(node) ?? 0) + 1);
  }
  return counts;
}

/**
 * The result block of a title: the largest ancestor below the area that holds no other title.
 * Everything in it (snippet, date, sitelinks) belongs to this result.
 */
function blockOfTitle(title: AnyNode, area: AnyNode, titleCounts: Map<AnyNode, number>): AnyNode {
  let block = title;
  for (let parent = title.parent; parent && parent !== area; parent = parent.parent) {
    if ((titleCounts.get(parent) ?? 0) > 1) break;
    block = parent;
  }
  return block;
}

function textOf(nodes: Node): string {
  return textOfNodes(nodes.toArray());
}

/** True when a node's text is only links and separators (a sitelinks row such as "About · Services"). */
function isLinksOnly(node: Node): boolean {
  const clone = node.clone();
  clone.find('a').remove();
  return /^[\s·•|,–—-]*$/.test(textOf(clone)) && node.find('a').length > 0;
}

/**
 * The snippet of a result block: the first ranked snippet container that is not part of the
 * title link. The no-JS layout nests `.s3v9rd` boxes (a rating line, the description, a row of
 * sitelinks): their innermost boxes are joined, sitelink rows left out. Falls back to the
 * featured answer (for the featured result) and then to the block's own text without the
 * title link, cite and buttons.
 */
function snippetOfBlock(block: Node, link: Node, featuredText?: string): string {
  const linkEl = link.get(0);
  const isTitlePart = (node: Node): boolean =>
    node.closest('h3').length > 0 || (linkEl !== undefined && node.closest('a').get(0) === linkEl);
  for (const selector of SNIPPET_SELECTORS) {
    const matches = block.find(selector);
    for (let i = 0; i < matches.length; i++) {
      const node = matches.eq(i);
      if (isTitlePart(node)) continue;
      const nested = node.find(selector);
      const leaves =
        nested.length === 0
          ? [node]
          : nested
              .toArray()
              .map((_, j) => nested.eq(j))
              .filter((leaf) => leaf.find(selector).length === 0);
      const text = leaves
        .filter((leaf) => !isLinksOnly(leaf))
        .map(textOf)
        .filter((t) => t.length > 0)
        .join(' ');
      if (text.length > 0) return text;
    }
  }
  // The featured snippet's source result has no snippet of its own: the answer is its snippet.
  if (featuredText !== undefined && featuredText.length > 0 && link.closest(FEATURED_AREAS).length > 0)
    return featuredText;
  const clone = block.clone();
  clone.find('h3').closest('a').remove();
  // h2: section labels such as "Featured snippet from the web" (visually hidden, read by screen readers).
  clone.find('h2, h3, cite, script, style, [role="button"], [aria-hidden="true"], g-popup').remove();
  return textOf(clone);
}

export interface OrganicOptions {
  /** Featured snippet text, used as the snippet of its source result when that has none. */
  featuredText?: string;
}

interface OrganicTitle {
  title: string;
  url: string;
  link: Node;
  /** The h3 element. */
  element: AnyNode;
}

/**
 * The organic results among `titles` (the h3 elements of the result area): those with a result
 * link, outside excluded areas, in page order, de-duplicated by URL.
 */
function* organicTitles($: CheerioAPI, titles: readonly AnyNode[]): Generator<OrganicTitle> {
  const seen = new Set<string>();
  const excluded = findExcludedAreas($);
  for (const element of titles) {
    if (isInsideExcludedArea(element, excluded)) continue;
    const titleNode = $(element);
    const link = linkOfTitle(titleNode);
    if (!link) continue;
    const url = resultUrlFromHref(link.attr('href'));
    if (url === undefined) continue;
    const title = textOf(titleNode);
    if (title.length === 0) continue;
    const key = urlIdentityKey(url);
    if (seen.has(key)) continue;
    seen.add(key);
    yield { title, url, link, element };
  }
}

/** True when the page holds at least one organic result (classification needs no more than that). */
export function hasOrganicResult($: CheerioAPI): boolean {
  return !organicTitles($, findResultArea($).find('h3').toArray()).next().done;
}

/** Organic results in page order, de-duplicated by URL. */
export function parseOrganicResults($: CheerioAPI, options: OrganicOptions = {}): ParsedResult[] {
  const area = findResultArea($);
  const areaElement = area.get(0);
  const titles = area.find('h3').toArray();
  const titleCounts = countTitlesPerAncestor(titles);
  const results: ParsedResult[] = [];
  for (const { title, url, link, element } of organicTitles($, titles)) {
    // The block starts at the link when the h3 sits inside it, else at the title (old h3 > a).
    const start = link.find('h3').length > 0 ? link.get(0) : element;
    const block = $(start && areaElement ? blockOfTitle(start, areaElement, titleCounts) : element);
    const { text, date } = splitLeadingDate(snippetOfBlock(block, link, options.featuredText));
    const result: ParsedResult = { title, url, snippet: text };
    if (date !== undefined) result.date = date;
    results.push(result);
  }
  return results;
}
