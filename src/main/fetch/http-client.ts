/**
 * One guarded HTTP GET: redirects followed by hand (each hop re-checked, at most maxRedirects),
 * connect and total time limits, a byte cap on the wire and after decompression, and retries with
 * backoff for transient failures only (connection reset, 502/503/504 — never 4xx).
 */
import { request, type Dispatcher } from 'undici';
import { LanternError } from '../../shared/errors';
import { ACCEPT_ENCODING, decodeContentEncoding, formatBytes } from './decompress';
import { setTimeout as delay } from 'node:timers/promises';
import type { HostRateLimiter } from './host-rate-limit';
import { parseRetryAfter } from '../common/retry-after';
import { parseTargetUrl } from './url-input';
import type { FetchSettings } from './types';

/** Like a browser's, minus images: we ask for documents. */
export const ACCEPT_HEADER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const TRANSIENT_STATUSES = new Set([502, 503, 504]);
const TRANSIENT_ERROR_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'UND_ERR_SOCKET', // "other side closed"
]);
/** A Retry-After longer than this is not waited for: the caller gets the error instead. */
const MAX_RETRY_AFTER_MS = 5_000;

export type HttpSettings = Pick<
  FetchSettings,
  | 'connectTimeoutMs'
  | 'totalTimeoutMs'
  | 'maxBytes'
  | 'maxDecodedBytes'
  | 'maxRedirects'
  | 'retries'
  | 'retryBaseDelayMs'
  | 'userAgent'
  | 'acceptLanguage'
>;

export interface HttpGetOptions {
  /** The guarded dispatcher: every connection it opens is checked against the address policy. */
  dispatcher: Dispatcher;
  settings: HttpSettings;
  rateLimiter: HostRateLimiter;
  /** Validators of a cached copy: a 304 answer then yields notModified. */
  conditional?: { etag?: string; lastModified?: string };
  /** Called with the final response's headers before its body is read; throw to refuse it. */
  onHeaders?: (response: { url: string; status: number; headers: HeaderMap }) => void;
  signal?: AbortSignal;
}

export type HeaderMap = Readonly<Record<string, string | undefined>>;

export interface HttpResult {
  finalUrl: string;
  status: number;
  headers: HeaderMap;
  /** The body after content decoding; empty when notModified. */
  body: Buffer;
  notModified: boolean;
  redirects: number;
}

/** How far undici's own timeouts stay behind the total limit. */
const BACKSTOP_MS = 1000;

export async function httpGet(url: URL, options: HttpGetOptions): Promise<HttpResult> {
  const { settings } = options;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), settings.totalTimeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout.signal, options.signal]) : timeout.signal;
  let current = url;
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await requestWithRetries(current, options, signal);
      const status = response.statusCode;
      const headers = flattenHeaders(response.headers);

      if (REDIRECT_STATUSES.has(status) && headers['location'] !== undefined) {
        await discard(response);
        if (redirects >= settings.maxRedirects) {
          throw new LanternError(
            'FETCH_FAILED',
            `${url.href} redirects more than ${settings.maxRedirects} times (stopped at hop ${redirects + 1}, ${current.href}); it may be a redirect loop.`,
            { details: { url: url.href, hops: redirects + 1, limit: settings.maxRedirects } },
          );
        }
        current = redirectTarget(headers['location'], current);
        continue;
      }
      if (status === 304 && options.conditional !== undefined) {
        await discard(response);
        return { finalUrl: current.href, status, headers, body: Buffer.alloc(0), notModified: true, redirects };
      }
      if (status >= 400) {
        await discard(response);
        throw new LanternError('FETCH_FAILED', `${current.href} answered HTTP ${status}${statusHint(status)}`, {
          details: { url: current.href, status },
        });
      }
      try {
        options.onHeaders?.({ url: current.href, status, headers });
        refuseDeclaredOversize(headers, settings.maxBytes, current.href);
      } catch (error) {
        abandon(response.body);
        throw error;
      }
      const raw = await readCapped(response.body, settings.maxBytes, current.href);
      const body = await decodeContentEncoding(
        raw,
        headers['content-encoding'],
        settings.maxDecodedBytes,
        current.href,
      );
      return { finalUrl: current.href, status, headers, body, notModified: false, redirects };
    }
  } catch (error) {
    throw toFetchError(error, current, url, settings, timeout.signal, options.signal);
  } finally {
    clearTimeout(timer);
  }
}

async function requestWithRetries(
  url: URL,
  options: HttpGetOptions,
  signal: AbortSignal,
): Promise<Dispatcher.ResponseData> {
  const { settings } = options;
  for (let attempt = 0; ; attempt++) {
    const canRetry = attempt < settings.retries;
    await options.rateLimiter.acquire(url.hostname, signal);
    let response: Dispatcher.ResponseData;
    try {
      response = await request(url, {
        method: 'GET',
        dispatcher: options.dispatcher,
        headers: requestHeaders(options),
        signal,
        // The total limit is our own timer (the abort signal). undici's coarse timers can fire a
        // little early, so theirs stay behind ours as a backstop only.
        headersTimeout: settings.totalTimeoutMs + BACKSTOP_MS,
        bodyTimeout: settings.totalTimeoutMs + BACKSTOP_MS,
      });
    } catch (error) {
      if (!canRetry || signal.aborted || !isTransientError(error)) throw error;
      await delay(backoffMs(settings.retryBaseDelayMs, attempt), undefined, { signal });
      continue;
    }
    if (canRetry && TRANSIENT_STATUSES.has(response.statusCode)) {
      const retryAfter = parseRetryAfter(flattenHeaders(response.headers)['retry-after']);
      if (retryAfter === undefined || retryAfter <= MAX_RETRY_AFTER_MS) {
        await discard(response);
        await delay(retryAfter ?? backoffMs(settings.retryBaseDelayMs, attempt), undefined, { signal });
        continue;
      }
    }
    return response;
  }
}

function requestHeaders(options: HttpGetOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'user-agent': options.settings.userAgent,
    accept: ACCEPT_HEADER,
    'accept-language': options.settings.acceptLanguage,
    'accept-encoding': ACCEPT_ENCODING,
  };
  if (options.conditional?.etag !== undefined) headers['if-none-match'] = options.conditional.etag;
  if (options.conditional?.lastModified !== undefined) headers['if-modified-since'] = options.conditional.lastModified;
  return headers;
}

function redirectTarget(location: string, from: URL): URL {
  let next: string;
  try {
    next = new URL(location, from).href;
  } catch {
    throw new LanternError('FETCH_FAILED', `${from.href} redirects to "${location}", which is not a valid URL.`);
  }
  // Same scheme rules as a URL the caller sent (a redirect to file: or javascript: is refused).
  return parseTargetUrl(next);
}

function refuseDeclaredOversize(headers: HeaderMap, maxBytes: number, url: string): void {
  const declared = Number(headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    throw tooLarge(url, maxBytes, `it declares ${formatBytes(declared)}`);
  }
}

/** Reads at most maxBytes from the wire, whatever Content-Length claimed. */
type ResponseBody = Dispatcher.ResponseData['body'];

/** Stops reading a body we do not want; the error undici then emits is expected, not a crash. */
function abandon(body: ResponseBody): void {
  body.on('error', () => undefined);
  body.destroy();
}

async function readCapped(body: ResponseBody, maxBytes: number, url: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      abandon(body);
      throw tooLarge(url, maxBytes, `stopped reading after ${formatBytes(total)}`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

function tooLarge(url: string, maxBytes: number, what: string): LanternError {
  return new LanternError(
    'TOO_LARGE',
    `${url} is larger than the ${formatBytes(maxBytes)} limit (${what}); fetch a smaller page or raise the size limit in settings.`,
    {
      details: { url, limitBytes: maxBytes },
    },
  );
}

async function discard(response: Dispatcher.ResponseData): Promise<void> {
  try {
    await response.body.dump({ limit: 64 * 1024 });
  } catch {
    // A body we do not want may fail to drain; the connection is then dropped, which is fine.
  }
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string | undefined> {
  const flat: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers)) {
    flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function isTransientError(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  const causeCode = ((error as { cause?: { code?: string } }).cause ?? {}).code;
  return TRANSIENT_ERROR_CODES.has(code ?? '') || TRANSIENT_ERROR_CODES.has(causeCode ?? '');
}

function backoffMs(baseMs: number, attempt: number): number {
  // Exponential with jitter so parallel fetches do not retry in lockstep.
  return Math.round(baseMs * 2 ** attempt * (0.75 + Math.random() * 0.5));
}

function statusHint(status: number): string {
  if (status === 401 || status === 403) return ' (access denied; the page may need a login or block automated readers)';
  if (status === 404 || status === 410) return ' (not found; check the URL)';
  if (status === 429) return ' (the site is rate-limiting; try again later)';
  if (status >= 500) return ' (a server error; try again later)';
  return '';
}

function toFetchError(
  error: unknown,
  url: URL,
  requested: URL,
  settings: HttpSettings,
  timeoutSignal: AbortSignal,
  callerSignal: AbortSignal | undefined,
): LanternError {
  if (callerSignal?.aborted)
    return new LanternError('CANCELLED', `Fetching ${url.href} was cancelled.`, { cause: error });
  if (error instanceof LanternError && error.code === 'BLOCKED_URL' && error.details?.['address'] !== undefined) {
    // The connection check only knows the host; name the full URL and the redirect that led there.
    const via = url.href === requested.href ? '' : ` (redirected from ${requested.href})`;
    return new LanternError(
      'BLOCKED_URL',
      error.message.replace(/^Refused to fetch \S+(?=: it )/, `Refused to fetch ${url.href}${via}`),
      {
        cause: error,
        details: { ...error.details, url: url.href },
      },
    );
  }
  if (error instanceof LanternError) return error;
  const code = (error as { code?: string }).code;
  if (timeoutSignal.aborted || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return new LanternError(
      'TIMEOUT',
      `Fetching ${url.href} took longer than the ${settings.totalTimeoutMs} ms limit; the server may be slow or stalled. Try again later or raise the fetch timeout.`,
      { cause: error, details: { url: url.href, limitMs: settings.totalTimeoutMs } },
    );
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new LanternError(
      'TIMEOUT',
      `Could not connect to ${url.host} within the ${settings.connectTimeoutMs} ms connect limit; the host may be down or unreachable.`,
      { cause: error, details: { url: url.href, limitMs: settings.connectTimeoutMs } },
    );
  }
  const reason = code ?? (error instanceof Error ? error.message : String(error));
  return new LanternError(
    'FETCH_FAILED',
    `Could not fetch ${url.href}: ${reason}. Check the URL, or try again if the network is flaky.`,
    {
      cause: error,
      details: { url: url.href, reason },
    },
  );
}
