/** Error codes → HTTP statuses, the one JSON error body every refusal and failure uses, and the response writers. */
import type { ServerResponse } from 'node:http';
import type { ErrorCode, ErrorInfo } from '../../../shared/contract';
import { LanternError } from '../../../shared/errors';

function statusFor(code: ErrorCode): number {
  switch (code) {
    case 'INVALID_INPUT':
      return 400;
    case 'UNAUTHORIZED':
      return 401;
    case 'FORBIDDEN':
    case 'BLOCKED_URL':
      return 403;
    case 'NOT_FOUND':
      return 404;
    case 'TOO_LARGE':
      return 413;
    case 'UNSUPPORTED_CONTENT':
      return 415;
    case 'CAPTCHA_REQUIRED':
    case 'CONSENT_REQUIRED':
    case 'ENGINE_BLOCKED':
    case 'RATE_LIMITED':
      return 429;
    case 'ENGINE_UNREACHABLE':
    case 'ENGINE_LAYOUT_CHANGED':
    case 'FETCH_FAILED':
    case 'LLM_FAILED':
      return 502;
    // CANCELLED: its client left (no one reads this) or the server is shutting down.
    case 'BROWSER_NOT_FOUND':
    case 'CANCELLED':
      return 503;
    case 'TIMEOUT':
      return 504;
    case 'INTERNAL':
      return 500;
  }
}

/**
 * What a client may see of a failure: a LanternError's code and message (written for people);
 * anything else is a bug whose message may hold paths, so it is logged here and not sent.
 */
export function publicErrorInfo(error: unknown, log: (message: string) => void): ErrorInfo {
  if (error instanceof LanternError) return error.toInfo();
  log(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return { code: 'INTERNAL', message: 'Unexpected failure inside Lantern; the server log has the details.' };
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  res.end(text);
}

/** A text rendering (format=compact|cited): the text a model reads, nothing around it. */
export function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(text);
}

export function sendError(res: ServerResponse, info: ErrorInfo): void {
  const headers: Record<string, string> = {};
  if (info.retryAfterMs !== undefined)
    headers['retry-after'] = String(Math.max(1, Math.ceil(info.retryAfterMs / 1000)));
  sendJson(res, statusFor(info.code), { error: info }, headers);
}
