/**
 * The narrow interfaces the fetch pipeline needs from the rest of Lantern. The composition root
 * adapts the store, the search index and the browser to these, so fetch never imports them.
 */

import type { PageMetadata } from '../../shared/fetch-contract';
import type { ExtractedDocument } from '../extract';

/**
 * One cached page as the pipeline writes and reads it. Shaped like the store's PageRecord
 * (src/main/store/page-cache.ts) so the store's cache fits PageCache as it is; wordCount and
 * rendered are optional because the store may not keep them (wordCount is then recounted).
 */
export interface CachedPage extends PageMetadata {
  /** Cache key: the requested URL after normalisation and GitHub rewriting. */
  url: string;
  finalUrl: string;
  status: number;
  contentType: string;
  /** The whole page, not a slice. */
  markdown: string;
  wordCount?: number;
  rendered?: boolean;
  /** Validators from the response, used to revalidate a stale entry. */
  etag?: string;
  lastModified?: string;
  /** Epoch milliseconds. */
  fetchedAt: number;
}

/**
 * Page cache (the store's, over SQLite). The store decides freshness (its TTL); a stale entry with
 * an ETag or Last-Modified is revalidated with a conditional request. Sync or async.
 */
export interface PageCache {
  getPage(
    url: string,
  ): { page: CachedPage; fresh: boolean } | undefined | Promise<{ page: CachedPage; fresh: boolean } | undefined>;
  putPage(page: CachedPage): unknown;
}

/**
 * Finds the URL of result `index` of search `searchId` (or of the session's latest search when
 * undefined). Throws LanternError NOT_FOUND when there is no such search or result.
 */
export type ResolveResult = (
  session: string,
  searchId: string | undefined,
  index: number,
) => { url: string } | Promise<{ url: string }>;

/**
 * Loads a page in a real browser and returns its DOM after scripts ran. The browser must send
 * every connection of the page (document, redirects, subresources, popups, workers, WebSockets)
 * through `proxyServer`, where each is checked against the address policy.
 */
export type RenderPage = (
  url: string,
  options: {
    timeoutMs: number;
    signal: AbortSignal;
    /** The render proxy's URL, e.g. "http://127.0.0.1:43121". */
    proxyServer: string;
  },
) => Promise<{ finalUrl: string; status: number; html: string; title: string }>;

export interface ResolvedAddress {
  address: string;
  family: number;
}
/** DNS resolution, injectable so tests can point a name at a chosen address. */
export type LookupAll = (hostname: string) => Promise<ResolvedAddress[]>;

/** What HTML extraction returns: src/main/extract's document. */
export type ExtractedHtml = ExtractedDocument;
export type ExtractHtml = (
  html: string,
  url: string,
  options?: { includeLinks?: boolean; includeComments?: boolean },
) => ExtractedHtml;

/** Settings of the fetch pipeline; every field has a default in DEFAULT_FETCH_SETTINGS. */
export interface FetchSettings {
  /** Let requests reach private, loopback and link-local addresses (the user's choice). */
  allowPrivateNetworks: boolean;
  /** CIDR ranges to treat as public, e.g. a proxy's fake-IP range "198.18.0.0/15". */
  publicRanges: string[];
  /** HTTP(S) proxy every request goes through, e.g. "http://127.0.0.1:7890". */
  proxyUrl?: string;
  connectTimeoutMs: number;
  /** Limit for one URL: every hop, retry and the body read together. */
  totalTimeoutMs: number;
  /** Bytes read from the wire per response. */
  maxBytes: number;
  /** Bytes after content decoding (gzip, deflate, br). */
  maxDecodedBytes: number;
  maxRedirects: number;
  /** Extra attempts after a transient failure (connection reset, 502, 503, 504). */
  retries: number;
  retryBaseDelayMs: number;
  userAgent: string;
  acceptLanguage: string;
  /** Requests per host: a burst, then a steady rate; waiting longer than maxWaitMs is refused. */
  rateLimit: { burst: number; perSecond: number; maxWaitMs: number };
  renderTimeoutMs: number;
  /** Below this many words a script-built page is rendered in the browser. */
  renderMinWords: number;
  /** URLs of one batch fetched at the same time. */
  concurrency: number;
  /** Longest PDF read, in pages. */
  maxPdfPages: number;
}

export const DEFAULT_FETCH_SETTINGS: FetchSettings = {
  allowPrivateNetworks: false,
  publicRanges: [],
  connectTimeoutMs: 10_000,
  totalTimeoutMs: 10_000,
  maxBytes: 10 * 1024 * 1024,
  maxDecodedBytes: 20 * 1024 * 1024,
  maxRedirects: 5,
  retries: 2,
  retryBaseDelayMs: 250,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  acceptLanguage: 'en-US,en;q=0.9',
  rateLimit: { burst: 20, perSecond: 5, maxWaitMs: 10_000 },
  renderTimeoutMs: 20_000,
  renderMinWords: 50,
  concurrency: 6,
  maxPdfPages: 500,
};
