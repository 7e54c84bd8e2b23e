/**
 * Web mode: `lantern serve` also serves the built renderer (out/renderer) at `/`, for a person in
 * a browser. The page never holds the API token. The URL printed at start carries a one-time code;
 * opening it exchanges the code for a session cookie (HttpOnly, SameSite=Strict, host-only) and
 * redirects to `/`, so the code leaves the address bar at once. The guard then accepts a request
 * that carries a live session cookie and comes from this server's own origin (guard.ts).
 *
 * What a UI session may do beyond the agents' API (docs/security.md, "Web UI"): read and change
 * the settings, copy and rotate the API token, open the CAPTCHA window. Agents with the bearer
 * token cannot: `fetch.allowPrivateNetworks` guards against request forgery, and a prompt-injected
 * agent must not be able to lower it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPagePath } from '../../../shared/thread-address';
import { tokensMatch } from '../../settings/api-token';

export const SESSION_COOKIE = 'lantern_ui';
export const LOGIN_PATH = '/ui/login';

/** A printed link is meant to be opened now; an old one in a scrollback should not work. */
const CODE_TTL_MS = 10 * 60_000;
/** A session lasts a working day; a new `lantern serve` (or its next printed link) starts another. */
const SESSION_TTL_MS = 12 * 60 * 60_000;

/** The page's own rules: scripts and connections to this origin only, no frames, no plugins. */
export const UI_CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; " +
  "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
};

export interface WebUiOptions {
  /** The built renderer; found next to the package when omitted (see findRendererDir). */
  rendererDir?: string;
  now?: () => number;
}

export interface WebUi {
  /** A new one-time code; the link that carries it is `${origin}${LOGIN_PATH}?code=…`. */
  issueCode(): string;
  /** The link to print: opening it once signs the browser in. */
  loginUrl(origin: string): string;
  /** True for the paths web mode answers itself (the page, a thread's address, its assets, the login). */
  serves(method: string, pathname: string): boolean;
  /** Answers those paths. Runs after the Host check, before any token check. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): void;
  /** True when the request carries a live session cookie. */
  hasSession(req: IncomingMessage): boolean;
  /**
   * True when the request carries a session cookie that is no live session (the server restarted,
   * or the session expired): the browser was signed in and is to be told to sign in again.
   */
  hasEndedSession(req: IncomingMessage): boolean;
  /** Ends every session (token rotation does not; this is for tests and shutdown). */
  endSessions(): void;
}

/**
 * The renderer's build folder: LANTERN_RENDERER_DIR, else `out/renderer` in the first folder
 * above this file that has one (dist/cli.js, dist/chunks/*.js and src/main/doors/http/*.ts all differ).
 */
export function findRendererDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const configured = env.LANTERN_RENDERER_DIR?.trim();
  if (configured) return configured;
  let folder = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(folder, 'out', 'renderer');
    if (existsSync(join(candidate, 'index.html'))) return candidate;
    const parent = dirname(folder);
    if (parent === folder) return undefined;
    folder = parent;
  }
}

export function createWebUi(options: WebUiOptions = {}): WebUi {
  const now = options.now ?? Date.now;
  const rendererDir = options.rendererDir ?? findRendererDir();
  const codes = new Map<string, number>();
  const sessions = new Map<string, number>();

  const sweep = (map: Map<string, number>): void => {
    const time = now();
    for (const [key, expiry] of map) if (expiry <= time) map.delete(key);
  };

  const sessionOf = (req: IncomingMessage): string | undefined => {
    const header = req.headers.cookie;
    if (!header) return undefined;
    for (const part of header.split(';')) {
      const [name, ...rest] = part.trim().split('=');
      if (name === SESSION_COOKIE) return rest.join('=');
    }
    return undefined;
  };

  const hasSession = (req: IncomingMessage): boolean => {
    const presented = sessionOf(req);
    if (!presented) return false;
    sweep(sessions);
    // Constant time over every live session: the comparison says nothing about which was close.
    let found = false;
    for (const id of sessions.keys()) if (tokensMatch(presented, id)) found = true;
    return found;
  };

  const hasEndedSession = (req: IncomingMessage): boolean => sessionOf(req) !== undefined && !hasSession(req);

  const login = (res: ServerResponse, url: URL): void => {
    sweep(codes);
    const code = url.searchParams.get('code') ?? '';
    let matched: string | undefined;
    for (const known of codes.keys()) if (tokensMatch(code, known)) matched = known;
    if (!matched) {
      return sendPage(
        res,
        403,
        'This sign-in link does not work',
        'The link was already used, has expired (after 10 minutes) or is mistyped: each link signs in one browser once. ' +
          'Stop <code>lantern serve</code> (Ctrl+C) and start it again (or run <code>npm start</code>) for a new link.',
      );
    }
    codes.delete(matched);
    const session = randomBytes(32).toString('base64url');
    sessions.set(session, now() + SESSION_TTL_MS);
    // Host-only (no Domain), the whole site's paths, never readable by page scripts, never sent
    // by another site's page. 303: the browser GETs `/`, and the code leaves the address bar.
    res.writeHead(303, {
      location: '/',
      'set-cookie': `${SESSION_COOKIE}=${session}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${SESSION_TTL_MS / 1000}`,
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    });
    res.end();
  };

  const serveFile = (res: ServerResponse, pathname: string): void => {
    if (!rendererDir || !existsSync(join(rendererDir, 'index.html'))) {
      return sendPage(
        res,
        503,
        'The web UI is not built',
        'Run <code>npm run build:app</code> in the Lantern folder, then reload this page.',
      );
    }
    // A thread's address (and the settings') is the page too: the page opens what it names.
    const relative = isPagePath(pathname) ? 'index.html' : decodeURIComponent(pathname.slice(1));
    const file = normalize(join(rendererDir, relative));
    if (!file.startsWith(rendererDir + sep) || !existsSync(file) || !statSync(file).isFile()) {
      return sendPage(res, 404, 'Not found', `Nothing here. <a href="/">Back to Lantern</a>.`);
    }
    const body = readFileSync(file);
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': String(body.length),
      // Hashed asset names change with each build; the page itself is read again each time.
      'cache-control': relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...SECURITY_HEADERS,
    });
    res.end(body);
  };

  return {
    issueCode() {
      sweep(codes);
      const code = randomBytes(24).toString('base64url');
      codes.set(code, now() + CODE_TTL_MS);
      return code;
    },
    loginUrl(origin) {
      return `${origin}${LOGIN_PATH}?code=${this.issueCode()}`;
    },
    serves(method, pathname) {
      if (method !== 'GET' && method !== 'HEAD') return false;
      return (
        isPagePath(pathname) ||
        pathname === '/index.html' ||
        pathname === LOGIN_PATH ||
        pathname.startsWith('/assets/') ||
        pathname === '/favicon.svg'
      );
    },
    handle(req, res, url) {
      if (url.pathname === LOGIN_PATH) return login(res, url);
      serveFile(res, url.pathname);
    },
    hasSession,
    hasEndedSession,
    endSessions() {
      sessions.clear();
      codes.clear();
    },
  };
}

const SECURITY_HEADERS = {
  'content-security-policy': UI_CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/** A small page of our own text (never anything from a request): the message is trusted markup. */
function sendPage(res: ServerResponse, status: number, title: string, message: string): void {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} · Lantern</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5}
@media (prefers-color-scheme: dark){body{background:#111827;color:#e5e7eb}a{color:#93c5fd}}</style></head>
<body><main><h1>${title}</h1><p>${message}</p></main></body></html>`;
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    ...SECURITY_HEADERS,
  });
  res.end(body);
}
