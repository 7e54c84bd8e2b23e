/**
 * Page metadata from <meta>, JSON-LD (schema.org), OpenGraph and plain markup, read before any
 * cleaning so nothing the cleaner removes (scripts, headers) is lost.
 */
import type { PageMetadata as StatedMetadata } from '../../shared/fetch-contract';
import { attr, findAll, findFirst, normalizeSpace, rawText, textOf, type Document, type Element } from './dom.js';

/** What the page says of itself, and the address it names as its own. */
export interface PageMetadata extends StatedMetadata {
  canonicalUrl?: string;
}

export interface PageInfo {
  metadata: PageMetadata;
  /** Body text the page carries in JSON-LD (articleBody, text): content for script shells. */
  structuredBody: string;
  /**
   * The page declares one product (schema.org Product, once, in JSON-LD or else in microdata) and
   * no list of them: a product's page, where other products beside it are recommendations.
   */
  oneProduct: boolean;
  /** The opening words of the customer reviews the page's product carries in JSON-LD. */
  reviewOpenings: string[];
}

type JsonObject = Record<string, unknown>;

export function readPageInfo(doc: Document, url: string): PageInfo {
  const metas = new Map<string, string>();
  for (const meta of findAll(doc, (el) => el.name === 'meta')) {
    const key = (attr(meta, 'property') ?? attr(meta, 'name') ?? attr(meta, 'itemprop') ?? attr(meta, 'http-equiv'))
      ?.trim()
      .toLowerCase();
    const content = attr(meta, 'content');
    if (key && content && !metas.has(key)) metas.set(key, normalizeSpace(content));
  }
  const ld = readJsonLd(doc);
  const ldMain =
    ld.find((o) =>
      /Article|BlogPosting|NewsArticle|Report|WebPage|Product|QAPage|DiscussionForumPosting/i.test(typeName(o)),
    ) ?? ld[0];

  const title = pickTitle(doc, metas, ldMain);
  const structuredBody = stringOf(ldMain?.articleBody) ?? stringOf(ldMain?.text) ?? '';
  const result: PageMetadata = { title };

  const byline =
    metas.get('author') ??
    authorName(ldMain?.author) ??
    metas.get('article:author') ??
    metas.get('dc.creator') ??
    metas.get('parsely-author') ??
    bylineFromMarkup(doc);
  if (byline && !/^https?:\/\//.test(byline) && byline.length < 200) result.byline = byline;

  const date =
    metas.get('article:published_time') ??
    stringOf(ldMain?.datePublished) ??
    metas.get('datepublished') ??
    metas.get('publishdate') ??
    metas.get('pubdate') ??
    metas.get('date') ??
    metas.get('dc.date') ??
    metas.get('dc.date.issued') ??
    metas.get('sailthru.date') ??
    metas.get('parsely-pub-date') ??
    timeFromMarkup(doc);
  const published = date ? normalizeDate(date) : undefined;
  if (published) result.publishedAt = published;

  const site = metas.get('og:site_name') ?? publisherName(ldMain) ?? metas.get('application-name');
  if (site) result.siteName = site;

  const html = findFirst(doc, (el) => el.name === 'html');
  const lang =
    (html && (attr(html, 'lang') ?? attr(html, 'xml:lang'))) ?? metas.get('content-language') ?? metas.get('og:locale');
  if (lang && lang.trim()) result.lang = lang.trim().replace('_', '-');

  const canonicalLink = findFirst(
    doc,
    (el) => el.name === 'link' && /(^|\s)canonical(\s|$)/i.test(attr(el, 'rel') ?? ''),
  );
  const canonical = (canonicalLink && attr(canonicalLink, 'href')) ?? metas.get('og:url');
  const resolved = canonical ? resolveUrl(canonical, url) : undefined;
  if (resolved) result.canonicalUrl = resolved;
  return {
    metadata: result,
    structuredBody,
    oneProduct: declaresOneProduct(doc, ld),
    reviewOpenings: reviewOpenings(ld),
  };
}

/** Enough of a review's text to know it on the page, and no common phrase. */
const REVIEW_OPENING_CHARS = 60;

function reviewOpenings(ld: JsonObject[]): string[] {
  const reviews = ld
    .filter((o) => /^(?:Product|ProductGroup)$/.test(typeName(o)))
    .flatMap((product) => (Array.isArray(product.review) ? (product.review as unknown[]) : [product.review]));
  const openings: string[] = [];
  for (const review of reviews) {
    if (!review || typeof review !== 'object') continue;
    // JSON-LD review bodies may carry the page's markup ("<br />"): the page shows its text.
    const body = stringOf((review as JsonObject).reviewBody)?.replace(/<[^>]*>/g, ' ');
    const opening = body ? normalizeSpace(body).slice(0, REVIEW_OPENING_CHARS) : '';
    if (opening.length === REVIEW_OPENING_CHARS) openings.push(opening);
  }
  return openings;
}

function declaresOneProduct(doc: Document, ld: JsonObject[]): boolean {
  // eslint-disable-next-line no-restricted-syntax -- schema.org type names, ASCII: \b is right here
  if (ld.some((o) => /\b(?:ItemList|CollectionPage|OfferCatalog|SearchResultsPage)\b/.test(typeName(o)))) return false;
  const inLd = ld.filter((o) => /^(?:Product|ProductGroup)$/.test(typeName(o))).length;
  if (inLd > 0) return inLd === 1;
  return findAll(doc, (el) => /^https?:\/\/schema\.org\/Product$/i.test(attr(el, 'itemtype') ?? '')).length === 1;
}

function pickTitle(doc: Document, metas: Map<string, string>, ld: JsonObject | undefined): string {
  const titleEl = findFirst(doc, (el) => el.name === 'title');
  const docTitle = titleEl ? textOf(titleEl) : '';
  const h1s = findAll(doc, (el) => el.name === 'h1')
    .map(textOf)
    .filter((t) => t.length > 0);
  const og = metas.get('og:title') ?? metas.get('twitter:title') ?? stringOf(ld?.headline);
  // An <h1> that the <title> contains is the page's own headline, free of the " | Site" suffix.
  const h1InTitle = h1s.find((h) => h.length >= 3 && docTitle.toLowerCase().includes(h.toLowerCase()));
  if (h1InTitle) return h1InTitle;
  if (og) return og;
  if (docTitle) return stripSiteSuffix(docTitle);
  return h1s[0] ?? '';
}

/** "Headline | Site" → "Headline" when the headline part is long enough to stand alone. */
function stripSiteSuffix(title: string): string {
  const parts = title.split(/\s+[|\-–—»·:]\s+/);
  const first = parts[0] ?? title;
  return parts.length > 1 && first.split(' ').length >= 3 ? first : title;
}

function readJsonLd(doc: Document): JsonObject[] {
  const out: JsonObject[] = [];
  for (const script of findAll(doc, (el) => el.name === 'script' && /ld\+json/i.test(attr(el, 'type') ?? ''))) {
    try {
      collectObjects(JSON.parse(rawText(script)) as unknown, out);
    } catch {
      // Broken JSON-LD is common on the web; the other sources still apply.
    }
  }
  return out;
}

function collectObjects(value: unknown, out: JsonObject[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collectObjects(item, out);
  } else if (value && typeof value === 'object') {
    const obj = value as JsonObject;
    if (obj['@graph']) collectObjects(obj['@graph'], out);
    if (obj['@type']) out.push(obj);
  }
}

function typeName(obj: JsonObject): string {
  const type = obj['@type'];
  return Array.isArray(type) ? type.join(' ') : String(type ?? '');
}

function stringOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim()) return normalizeSpace(value);
  return undefined;
}

function authorName(value: unknown): string | undefined {
  if (typeof value === 'string') return stringOf(value);
  if (Array.isArray(value)) {
    const names = value.map(authorName).filter((n): n is string => Boolean(n));
    return names.length > 0 ? names.join(', ') : undefined;
  }
  if (value && typeof value === 'object') return stringOf((value as JsonObject).name);
  return undefined;
}

function publisherName(ld: JsonObject | undefined): string | undefined {
  const publisher = ld?.publisher;
  if (publisher && typeof publisher === 'object' && !Array.isArray(publisher))
    return stringOf((publisher as JsonObject).name);
  return undefined;
}

function bylineFromMarkup(doc: Document): string | undefined {
  const el = findFirst(
    doc,
    (e) =>
      attr(e, 'rel') === 'author' ||
      attr(e, 'itemprop') === 'author' ||
      /(^|\s)(byline|author-name|author__name)(\s|$)/i.test(attr(e, 'class') ?? ''),
  );
  if (!el) return undefined;
  const text = textOf(el).replace(/^by\s+/i, '');
  return text.length > 0 && text.length < 100 ? text : undefined;
}

function timeFromMarkup(doc: Document): string | undefined {
  const el = findFirst(
    doc,
    (e: Element) => (e.name === 'time' && Boolean(attr(e, 'datetime'))) || attr(e, 'itemprop') === 'datePublished',
  );
  if (!el) return undefined;
  return attr(el, 'datetime') ?? attr(el, 'content') ?? textOf(el);
}

/** ISO 8601 when the value parses as a date; a date-only value stays date-only. */
function normalizeDate(value: string): string | undefined {
  const trimmed = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return trimmed;
  const time = Date.parse(trimmed);
  if (Number.isNaN(time)) return undefined;
  return new Date(time).toISOString();
}

function resolveUrl(href: string, base: string): string | undefined {
  try {
    return new URL(href, base).toString();
  } catch {
    return undefined;
  }
}
