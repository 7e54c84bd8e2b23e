/**
 * The checks every request passes before any handler, in this order (docs/SECURITY.md, "Local
 * API"): Host (DNS rebinding) → Origin (web pages) → bearer token. The body and schema checks
 * come next, in the router, once the caller is known.
 */
import type { IncomingMessage } from 'node:http';
import type { ErrorInfo } from '../../shared/contract';
import { tokensMatch } from './token';

/** The Host values a loopback client sends for this port; anything else may be a rebound DNS name. */
export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
}

export interface GuardOptions {
  port: number;
  /** The token in force, read at each request (a rotation takes effect at once). */
  token: () => string;
}

/** Undefined when the request may go on; else the refusal to send. */
export function guardRequest(req: IncomingMessage, options: GuardOptions): ErrorInfo | undefined {
  const host = req.headers.host;
  if (!host || !allowedHosts(options.port).has(host.toLowerCase())) {
    return { code: 'FORBIDDEN', message: `Host must be 127.0.0.1:${options.port}, localhost:${options.port} or [::1]:${options.port}.` };
  }
  // Callers are programs; a browser page (including a sandboxed one, Origin: null) is refused.
  if (req.headers.origin !== undefined) {
    return { code: 'FORBIDDEN', message: 'Requests from web pages (with an Origin header) are not accepted.' };
  }
  // No CORS at all: a preflight has nothing to negotiate.
  if (req.method === 'OPTIONS') {
    return { code: 'FORBIDDEN', message: 'OPTIONS is not supported: this API has no CORS.' };
  }
  const presented = bearerToken(req.headers.authorization);
  if (presented === undefined || !tokensMatch(presented, options.token())) {
    // Only the header counts: a token in a URL ends up in logs and shell history.
    return { code: 'UNAUTHORIZED', message: 'Send the token from `lantern token` as "Authorization: Bearer <token>".' };
  }
  return undefined;
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer ([A-Za-z0-9_-]+)$/.exec(header?.trim() ?? '');
  return match?.[1];
}
