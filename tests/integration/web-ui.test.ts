/**
 * Web mode's own part (doors/http/web-ui.ts) behind a plain HTTP server on loopback, with a clock the
 * test moves: the one-time code and the session cookie's lifetimes, the cookie as the browser
 * sends it among others, the files it serves and the headers they carry. The whole server with
 * the guard is web-ui-session.test.ts.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createWebUi, findRendererDir, LOGIN_PATH, SESSION_COOKIE, type WebUi } from '../../src/main/doors/http/web-ui';
import { rawRequest, type RawResponse } from '../support/api-server';

const MINUTE = 60_000;
/** Written out, not imported: a change to the page's rules shows here. */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; " +
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** A stand-in renderer build: the page, a hashed asset of each kind, a folder, a file outside. */
function rendererBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'lantern-web-ui-'));
  temporary.push(root);
  const dir = join(root, 'renderer');
  mkdirSync(join(dir, 'assets', 'folder'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Lantern</title>');
  for (const name of [
    'app.js',
    'app.css',
    'logo.svg',
    'icon.png',
    'favicon.ico',
    'font.woff2',
    'data.json',
    'blob.bin',
  ]) {
    writeFileSync(join(dir, 'assets', name), `content of ${name}`);
  }
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
  writeFileSync(join(root, 'secret.txt'), 'outside the build');
  return dir;
}

interface Served {
  webUi: WebUi;
  port: number;
  /** Moves the web UI's clock. */
  advance: (ms: number) => void;
  get: (path: string, headers?: Record<string, string>) => Promise<RawResponse>;
  /** Whether the web UI sees a live session in these request headers. */
  session: (cookie: string | undefined) => Promise<boolean>;
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function serve(rendererDir: string | undefined = rendererBuild()): Promise<Served> {
  let time = Date.UTC(2026, 10, 25);
  const webUi = createWebUi({ ...(rendererDir === undefined ? {} : { rendererDir }), now: () => time });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/has-session') return res.end(String(webUi.hasSession(req)));
    webUi.handle(req, res, url);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const port = (server.address() as AddressInfo).port;
  const get = (path: string, headers: Record<string, string> = {}) =>
    rawRequest(port, { path, headers: { host: `127.0.0.1:${port}`, ...headers } });
  return {
    webUi,
    port,
    advance: (ms) => (time += ms),
    get,
    session: async (cookie) => (await get('/has-session', cookie === undefined ? {} : { cookie })).body === 'true',
  };
}

/** Signs in with `code` and answers the session id the cookie carries. */
async function signIn(served: Served, code = served.webUi.issueCode()): Promise<string> {
  const response = await served.get(`${LOGIN_PATH}?code=${code}`);
  expect(response.status).toBe(303);
  return /^lantern_ui=([^;]+);/.exec(String(response.headers['set-cookie']))?.[1] as string;
}

describe('the one-time code', () => {
  it('is 24 random bytes in a link to the login path of the origin given', async () => {
    const { webUi } = await serve();
    const link = webUi.loginUrl('http://127.0.0.1:7777');
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:7777\/ui\/login\?code=[A-Za-z0-9_-]{32}$/);
    expect(webUi.issueCode()).not.toBe(webUi.issueCode());
  });

  it('becomes a session cookie with every attribute, once', async () => {
    const served = await serve();
    const code = served.webUi.issueCode();
    const response = await served.get(`${LOGIN_PATH}?code=${code}`);
    expect(response.status).toBe(303);
    expect(response.headers).toMatchObject({
      location: '/',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    });
    expect(response.headers['set-cookie']).toEqual([
      expect.stringMatching(
        new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}; Path=/; HttpOnly; SameSite=Strict; Max-Age=43200$`),
      ),
    ]);
    expect(response.body).toBe('');
    const again = await served.get(`${LOGIN_PATH}?code=${code}`);
    expect(again.status).toBe(403);
    expect(again.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      ...SECURITY_HEADERS,
    });
    expect(again.headers['content-length']).toBe(String(Buffer.byteLength(again.body)));
    expect(again.body).toContain('<h1>This sign-in link does not work</h1>');
    expect(again.body).toContain('The link was already used, has expired (after 10 minutes) or is mistyped');
    expect(again.body).toContain('Stop <code>lantern serve</code> (Ctrl+C) and start it again');
  });

  it('works until ten minutes have passed, not after', async () => {
    const served = await serve();
    const early = served.webUi.issueCode();
    const late = served.webUi.issueCode();
    served.advance(10 * MINUTE - 1);
    await signIn(served, early);
    served.advance(1);
    expect((await served.get(`${LOGIN_PATH}?code=${late}`)).status).toBe(403);
  });

  it('is refused when missing, empty or close to a real one', async () => {
    const served = await serve();
    const code = served.webUi.issueCode();
    for (const path of [
      LOGIN_PATH,
      `${LOGIN_PATH}?code=`,
      `${LOGIN_PATH}?code=${code.slice(0, -1)}`,
      `${LOGIN_PATH}?code=${code}x`,
    ]) {
      expect((await served.get(path)).status, path).toBe(403);
    }
    await signIn(served, code);
  });
});

describe('the session cookie', () => {
  it('is live for twelve hours from sign-in, not after', async () => {
    const served = await serve();
    const session = await signIn(served);
    const cookie = `${SESSION_COOKIE}=${session}`;
    served.advance(12 * 60 * MINUTE - 1);
    expect(await served.session(cookie)).toBe(true);
    served.advance(1);
    expect(await served.session(cookie)).toBe(false);
  });

  it('is found among the other cookies the browser sends, by its exact name', async () => {
    const served = await serve();
    const session = await signIn(served);
    expect(await served.session(`theme=dark; ${SESSION_COOKIE}=${session}; other=a=b`)).toBe(true);
    expect(await served.session(`theme=dark;${SESSION_COOKIE}=${session}`)).toBe(true);
    expect(await served.session(`${SESSION_COOKIE}x=${session}`)).toBe(false);
    expect(await served.session(`x${SESSION_COOKIE}=${session}`)).toBe(false);
    expect(await served.session(`other=${session}`)).toBe(false);
    expect(await served.session(`${SESSION_COOKIE}=`)).toBe(false);
    expect(await served.session(undefined)).toBe(false);
  });

  it("is refused when forged with a real session's length (mutant: the session cookie accepted by its length)", async () => {
    const served = await serve();
    const session = await signIn(served);
    const forged = `${session.slice(0, -1)}${session.endsWith('A') ? 'B' : 'A'}`;
    expect(await served.session(`${SESSION_COOKIE}=${forged}`)).toBe(false);
    expect(await served.session(`${SESSION_COOKIE}=${session}=`)).toBe(false);
    expect(await served.session(`${SESSION_COOKIE}=${session}`)).toBe(true);
  });

  it('is one of several live sessions, each browser its own; endSessions ends them and unused codes', async () => {
    const served = await serve();
    const first = await signIn(served);
    const second = await signIn(served);
    const unused = served.webUi.issueCode();
    expect(first).not.toBe(second);
    expect(await served.session(`${SESSION_COOKIE}=${first}`)).toBe(true);
    expect(await served.session(`${SESSION_COOKIE}=${second}`)).toBe(true);
    served.webUi.endSessions();
    expect(await served.session(`${SESSION_COOKIE}=${first}`)).toBe(false);
    expect((await served.get(`${LOGIN_PATH}?code=${unused}`)).status).toBe(403);
  });
});

describe('what web mode answers itself', () => {
  it("is GET and HEAD of the page, a thread's address, its assets, its icon and the login", async () => {
    const { webUi } = await serve();
    for (const path of ['/', '/index.html', '/t/12', '/settings', LOGIN_PATH, '/assets/app.js', '/favicon.svg']) {
      expect(webUi.serves('GET', path), path).toBe(true);
      expect(webUi.serves('HEAD', path), path).toBe(true);
      expect(webUi.serves('POST', path), path).toBe(false);
    }
    for (const path of [
      '/v1/search',
      '/assets',
      '/favicon.ico',
      '/index.htm',
      '/ui/login/x',
      '/mcp',
      '/t/',
      '/t/0',
      '/t/12/x',
      '/settings/x',
      '/t/abc',
      '/t/..%2Fsecret.txt',
    ]) {
      expect(webUi.serves('GET', path), path).toBe(false);
    }
  });

  it('serves each file with its type, length, cache rule and the security headers', async () => {
    const served = await serve();
    const expected: Array<[string, string, string]> = [
      ['/', 'text/html; charset=utf-8', 'no-cache'],
      ['/index.html', 'text/html; charset=utf-8', 'no-cache'],
      ['/favicon.svg', 'image/svg+xml', 'no-cache'],
      ['/assets/app.js', 'text/javascript; charset=utf-8', 'public, max-age=31536000, immutable'],
      ['/assets/app.css', 'text/css; charset=utf-8', 'public, max-age=31536000, immutable'],
      ['/assets/logo.svg', 'image/svg+xml', 'public, max-age=31536000, immutable'],
      ['/assets/icon.png', 'image/png', 'public, max-age=31536000, immutable'],
      ['/assets/favicon.ico', 'image/x-icon', 'public, max-age=31536000, immutable'],
      ['/assets/font.woff2', 'font/woff2', 'public, max-age=31536000, immutable'],
      ['/assets/data.json', 'application/json; charset=utf-8', 'public, max-age=31536000, immutable'],
      ['/assets/blob.bin', 'application/octet-stream', 'public, max-age=31536000, immutable'],
    ];
    for (const [path, type, cache] of expected) {
      const response = await served.get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers, path).toMatchObject({
        'content-type': type,
        'cache-control': cache,
        'content-length': String(Buffer.byteLength(response.body)),
        ...SECURITY_HEADERS,
      });
    }
    expect((await served.get('/')).body).toBe('<!doctype html><title>Lantern</title>');
    // A thread's address is the page, which opens the thread it names.
    const thread = await served.get('/t/12');
    expect(thread.status).toBe(200);
    expect(thread.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      ...SECURITY_HEADERS,
    });
    expect(thread.body).toBe('<!doctype html><title>Lantern</title>');
    expect((await served.get('/assets/app.js')).body).toBe('content of app.js');
  });

  it('says 404 for a missing file, a folder, or a path out of the build', async () => {
    const served = await serve();
    for (const path of [
      '/assets/none.js',
      '/assets/folder',
      '/assets/..%2F..%2Fsecret.txt',
      '/..%2Fsecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
    ]) {
      const response = await served.get(path);
      expect(response.status, path).toBe(404);
      expect(response.body, path).not.toContain('outside the build');
      expect(response.body, path).toContain('<h1>Not found</h1><p>Nothing here. <a href="/">Back to Lantern</a>.</p>');
      expect(response.headers, path).toMatchObject({ 'cache-control': 'no-store', ...SECURITY_HEADERS });
    }
  });

  it('says 503 with what to run when the renderer is not built', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'lantern-web-ui-empty-'));
    temporary.push(empty);
    const served = await serve(empty);
    const response = await served.get('/');
    expect(response.status).toBe(503);
    expect(response.body).toContain('<title>The web UI is not built · Lantern</title>');
    expect(response.body).toContain('npm run build:app');
  });
});

describe('findRendererDir', () => {
  it('takes LANTERN_RENDERER_DIR first, trimmed', () => {
    expect(findRendererDir({ LANTERN_RENDERER_DIR: ' /opt/lantern/renderer ' })).toBe('/opt/lantern/renderer');
  });

  it('else finds out/renderer with its page in a folder above the code, or nothing', () => {
    const found = findRendererDir({ LANTERN_RENDERER_DIR: '  ' });
    if (found !== undefined) {
      expect(found).toMatch(/[/\\]out[/\\]renderer$/);
      expect(existsSync(join(found, 'index.html'))).toBe(true);
    }
  });
});
