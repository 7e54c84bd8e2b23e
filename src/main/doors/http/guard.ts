/**
 * The checks every request passes before any handler, in this order (docs/SECURITY.md, "Local
 * API"): Host (DNS rebinding) → Origin (web pages) → bearer token. The body and schema checks
 * come next, in the router, once the caller is known.
 */
import type { IncomingMessage } from 'node:http';
import type { ErrorInfo } from '../../../shared/contract';
import { tokensMatch } from '../../settings/api-token';

/** The Host values a loopback client sends for this port; anything else may be a rebound DNS name. */
export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
}

export interface GuardOptions {
  port: number;
  /** The token in force, read at each request (a rotation takes effect at once). */
  token: () => string;
  /**
   * The request carries a live session cookie of the web UI this server serves (web-ui.ts). Such
   * a request stands in for the token, but only from this server's own origin: its Origin, when
   * sent, must be exactly this server's, and Fetch Metadata, when sent, must say same-origin.
   */
  uiSession?: boolean;
  /**
   * The request carries a web UI session cookie that is no longer live (the server restarted):
   * the page that sent it is told to sign in again rather than that web pages are refused.
   */
  endedUiSession?: boolean;
}

const SESSION_ENDED: ErrorInfo = {
  code: 'UNAUTHORIZED',
  message:
    "This browser's sign-in has ended (the server restarted, or the session expired): sign in again with a new link.",
  details: { reason: 'session-ended' },
};

/** The first check, alone: the web UI's own page and files need this one and no token. */
export function checkHost(req: IncomingMessage, port: number): ErrorInfo | undefined {
  const host = req.headers.host;
  if (!host || !allowedHosts(port).has(host.toLowerCase())) {
    return { code: 'FORBIDDEN', message: `Host must be 127.0.0.1:${port}, localhost:${port} or [::1]:${port}.` };
  }
  return undefined;
}

/** Undefined when the request may go on; else the refusal to send. */
export function guardRequest(req: IncomingMessage, options: GuardOptions): ErrorInfo | undefined {
  const refusedHost = checkHost(req, options.port);
  if (refusedHost) return refusedHost;
  const host = req.headers.host as string;
  if (options.uiSession) return guardUiRequest(req, host.toLowerCase());
  // Callers are programs; a browser page (including a sandboxed one, Origin: null) is refused.
  if (req.headers.origin !== undefined) {
    // Refused either way; only the reason given differs, and only for the UI's own origin.
    if (options.endedUiSession && req.headers.origin === `http://${host.toLowerCase()}`) return SESSION_ENDED;
    return { code: 'FORBIDDEN', message: 'Requests from web pages (with an Origin header) are not accepted.' };
  }
  // No CORS at all: a preflight has nothing to negotiate.
  if (req.method === 'OPTIONS') {
    return { code: 'FORBIDDEN', message: 'OPTIONS is not supported: this API has no CORS.' };
  }
  const presented = bearerToken(req.headers.authorization);
  if (presented === undefined && options.endedUiSession) return SESSION_ENDED;
  if (presented === undefined || !tokensMatch(presented, options.token())) {
    // Only the header counts: a token in a URL ends up in logs and shell history.
    return { code: 'UNAUTHORIZED', message: 'Send the token from `lantern token` as "Authorization: Bearer <token>".' };
  }
  return undefined;
}

/**
 * The web UI's page calling its own server. A browser sends Origin with every POST and DELETE and
 * with cross-origin GETs, and Sec-Fetch-Site with every request, so a page of another origin
 * (another port on this machine is the same *site*, and would carry the SameSite cookie) is told
 * apart by either header.
 */
function guardUiRequest(req: IncomingMessage, host: string): ErrorInfo | undefined {
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${host}`) {
    return { code: 'FORBIDDEN', message: `Requests from other web pages (Origin ${origin}) are not accepted.` };
  }
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') {
    return { code: 'FORBIDDEN', message: `Requests from other web pages (Sec-Fetch-Site: ${site}) are not accepted.` };
  }
  if (req.method === 'OPTIONS') {
    return { code: 'FORBIDDEN', message: 'OPTIONS is not supported: this API has no CORS.' };
  }
  return undefined;
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer ([A-Za-z0-9_-]+)$/.exec(header?.trim() ?? '');
  return match?.[1];
}
