/**
 * Engine-independent helpers for turning result pages into clean data: text cleanup, DOM text
 * with word boundaries, leading dates in snippets, and URL resolution/unwrapping.
 *
 * Everything here is pure and knows no engine's class names; engines (google.ts, bing.ts, …)
 * import from this file.
 */
import { decodeHTMLStrict } from 'entities';
import { HTML_BLOCK_ELEMENTS } from '../text/html-blocks.js';

// ---------------------------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------------------------

/**
 * Invisible characters result pages put around text: zero-width spaces/joiners, the BOM, soft
 * hyphens and bidirectional marks/embeddings (Google wraps language names in U+202A…U+202C).
 */
const INVISIBLE = /[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** Collapses every run of whitespace (including NBSP and other Unicode spaces) into one space and trims. */
export function collapseWhitespace(text: string): string {
  return text.replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim();
}

/** Markup string → plain text: tags removed (as word boundaries), entities decoded, whitespace collapsed. */
export function cleanText(markup: string): string {
  return collapseWhitespace(decodeHTMLStrict(markup.replace(/<[^>]*>/g, ' ').replace(/ +([,.;:!?])/g, '$1')));
}

/**
 * The minimal shape of a parsed DOM node (domhandler, as used by cheerio), so callers can pass
 * cheerio nodes without this module depending on the parser.
 */
export interface DomNodeLike {
  type: string;
  data?: string;
  name?: string;
  children?: readonly DomNodeLike[];
}

/** Elements whose boundaries separate words when rendered (a `<div>` after a `<div>` is a line break). */
const BLOCK_ELEMENTS: ReadonlySet<string> = new Set([...HTML_BLOCK_ELEMENTS, 'br']);
/** Elements whose content is never visible text. */
const SKIPPED_ELEMENTS = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'title']);

/**
 * Visible text of DOM nodes with word boundaries kept: block elements and `<br>` become spaces
 * (cheerio's `.text()` would glue `<div>a</div><div>b</div>` into "ab"), scripts and styles
 * are skipped, whitespace is collapsed.
 */
export function textOfNodes(nodes: Iterable<DomNodeLike>): string {
  const parts: string[] = [];
  const walk = (node: DomNodeLike): void => {
    if (node.type === 'text') {
      parts.push(node.data ?? '');
      return;
    }
    if (node.type !== 'tag') return; // comments, directives; script/style nodes have their own types
    const name = node.name ?? '';
    if (SKIPPED_ELEMENTS.has(name)) return;
    const block = BLOCK_ELEMENTS.has(name);
    if (block) parts.push(' ');
    for (const child of node.children ?? []) walk(child);
    if (block) parts.push(' ');
  };
  for (const node of nodes) walk(node);
  return collapseWhitespace(parts.join(''));
}

// ---------------------------------------------------------------------------------------------
// Leading dates in snippets
// ---------------------------------------------------------------------------------------------

/** Month names and abbreviations (en, de, fr, es, it, pt, nl), lower case, without a final dot. */
const MONTH_WORDS = new Set(
  (
    'jan feb mar apr may jun jul aug sep sept oct nov dec january february march april june july ' +
    'august september october november december ' +
    'jän januar jänner februar mär märz mai juni juli okt oktober dez dezember ' +
    'janv janvier févr fév février mars avr avril juin juil juillet août septembre octobre novembre déc décembre ' +
    'ene enero febrero marzo abr abril mayo junio julio ago agosto septiembre setiembre octubre noviembre dic diciembre ' +
    'gen gennaio febbraio aprile mag maggio giu giugno lug luglio set settembre ott ottobre dicembre ' +
    'janeiro fev fevereiro março maio junho julho setembro out outubro novembro dezembro ' +
    'januari februari mrt maart mei augustus'
  ).split(' '),
);

const RELATIVE_DATE_PATTERNS: readonly RegExp[] = [
  /^(?:\d+|an?|one)\s+(?:sec|secs|seconds?|mins?|minutes?|hrs?|hours?|days?|weeks?|months?|years?)\s+ago$/i,
  /^(?:yesterday|today|just now)$/i,
  /^vor\s+(?:\d+|einer?|einem)\s+(?:sekunden?|minuten?|stunden?|tag(?:en)?|wochen?|monat(?:en)?|jahr(?:en)?)$/i,
  /^il y a\s+\d+\s+(?:secondes?|minutes?|heures?|jours?|semaines?|mois|ans?)$/i,
  /^hace\s+\d+\s+(?:segundos?|minutos?|horas?|días?|semanas?|mes(?:es)?|años?)$/i,
  /^há\s+\d+\s+(?:segundos?|minutos?|horas?|dias?|semanas?|mes(?:es)?|anos?)$/i,
  /^\d+\s*(?:秒|分钟|分鐘|小时|小時|天|周|週|个月|個月|年)前$/,
  /^\d+\s*(?:秒|分|時間|日|週間|か月|年)前$/,
];

/** A year, 1900–2099, standing alone. */
const YEAR = /(?:^|[^\d])(?:19|20)\d{2}(?:$|[^\d])/;

/** True when a short text is a date as result pages print it ("Mar 3, 2025", "2 days ago", "3. März 2025", "2019年3月4日"). */
export function isDateLike(candidate: string): boolean {
  // Arabic-Indic and Persian digits read as ASCII digits (the date itself is returned as printed).
  const text = collapseWhitespace(candidate).replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) =>
    String((digit.codePointAt(0) ?? 0) & 0xf),
  );
  if (text.length === 0 || text.length > 32) return false;
  if (RELATIVE_DATE_PATTERNS.some((pattern) => pattern.test(text))) return true;
  // Numeric dates: 2025-03-04, 03/04/2025, 4.3.2025
  if (/^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}\.?$/.test(text) && YEAR.test(text.replace(/[./-]/g, ' '))) return true;
  // CJK dates: 2025年3月4日, 2025年3月
  if (/^(?:19|20)\d{2}\s*年\s*\d{1,2}\s*月(?:\s*\d{1,2}\s*日)?$/.test(text)) return true;
  if (!YEAR.test(text)) return false;
  // Word dates: every token is a number, a month word, or a filler ("de", "del"); one month word at least.
  const tokens = text
    .toLowerCase()
    .split(/[\s,]+/)
    .filter((t) => t.length > 0);
  if (tokens.length < 2 || tokens.length > 6) return false;
  let monthSeen = false;
  for (const token of tokens) {
    const bare = token.replace(/\.$/, '');
    if (/^\d{1,4}\.?$/.test(token)) continue;
    if (bare === 'de' || bare === 'del') continue;
    if (MONTH_WORDS.has(bare)) {
      monthSeen = true;
      continue;
    }
    return false;
  }
  return monthSeen;
}

/** Separators Google and others put between a date and the snippet: em/en dash, middle dot, hyphen. */
const LEADING_DATE = /^\s*([^—–·]{1,32}?)\s*(?:—|–|·|\s-)\s*([\s\S]*)$/;

/**
 * Moves a leading date out of a snippet: "Mar 3, 2025 — Text" → `{date: "Mar 3, 2025", text: "Text"}`,
 * also "2 days ago — …", "3 hours ago · …" and older "Mar 3, 2019 - …". A snippet without a
 * leading date comes back unchanged (whitespace collapsed).
 */
export function splitLeadingDate(snippet: string): { text: string; date?: string } {
  const text = collapseWhitespace(snippet);
  const match = LEADING_DATE.exec(text);
  if (match) {
    const candidate = (match[1] ?? '').trim();
    if (isDateLike(candidate)) return { date: candidate, text: (match[2] ?? '').trim() };
  }
  return { text };
}

// ---------------------------------------------------------------------------------------------
// URLs
// ---------------------------------------------------------------------------------------------

/** Absolute URL of `href` against `base`, or undefined when it cannot be parsed. */
export function resolveUrl(href: string, base: string): string | undefined {
  const trimmed = href.trim();
  if (trimmed.length === 0) return undefined;
  try {
    return new URL(trimmed, base).href;
  } catch {
    return undefined;
  }
}

/** True for absolute http: and https: URLs (never javascript:, data:, mailto:, relative paths). */
export function isHttpUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** True when a host name is a Google domain (google.com, www.google.co.uk, google.com.br …). */
export function isGoogleHost(hostname: string): boolean {
  return /(?:^|\.)google\.(?:[a-z]{2,3}|co\.[a-z]{2}|com\.[a-z]{2})$/i.test(hostname);
}

/** Decodes Bing's `u=a1<base64url>` redirect parameter. */
function decodeBingTarget(value: string): string | undefined {
  if (!value.startsWith('a1')) return undefined;
  try {
    const base64 = value.slice(2).replace(/-/g, '+').replace(/_/g, '/');
    return Buffer.from(base64, 'base64').toString('utf8');
  } catch {
    return undefined;
  }
}

/**
 * The target of a search engine's click-tracking redirect, or the URL unchanged when it is not
 * one (or its target is not http(s)). Known wrappers:
 * - Google `/url?q=<target>` or `/url?url=<target>` (any Google host, or relative to one);
 * - DuckDuckGo `//duckduckgo.com/l/?uddg=<target>`;
 * - Bing `bing.com/ck/a?…&u=a1<base64url target>`.
 * Relative hrefs are resolved against `base` first.
 */
export function unwrapRedirectUrl(href: string, base = 'https://www.google.com'): string {
  const absolute = resolveUrl(href, base);
  if (absolute === undefined) return href;
  const url = new URL(absolute);
  const host = url.hostname.toLowerCase();
  let target: string | null | undefined;
  if (url.pathname === '/url' && (isGoogleHost(host) || absolute.startsWith(new URL('/url', base).href))) {
    target = url.searchParams.get('q') ?? url.searchParams.get('url');
  } else if (/(?:^|\.)duckduckgo\.com$/.test(host) && url.pathname === '/l/') {
    target = url.searchParams.get('uddg');
  } else if (/(?:^|\.)bing\.com$/.test(host) && url.pathname === '/ck/a') {
    target = decodeBingTarget(url.searchParams.get('u') ?? '');
  }
  if (target && isHttpUrl(target)) return new URL(target).href;
  return absolute;
}

/**
 * Key under which two result URLs count as the same page: fragment and trailing slashes ignored,
 * scheme and host lower-cased, query kept (it often names the page). Scheme and `www.` are kept:
 * engines list `http://x/` and `https://www.x/` as distinct results, and so do we.
 */
export function urlIdentityKey(url: string): string {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname.toLowerCase();
    const path = parsed.pathname.replace(/\/+$/, '');
    return `${parsed.protocol}//${host}${parsed.port ? `:${parsed.port}` : ''}${path}${parsed.search}`;
  } catch {
    return url.trim().toLowerCase();
  }
}
