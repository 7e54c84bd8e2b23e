/**
 * Web mode's sign-in over real HTTP on loopback: the one-time code becomes a session cookie
 * (HttpOnly, SameSite=Strict, host-only) once and only once; the cookie stands in for the token
 * only from the server's own origin; the UI-only routes refuse agents; the page never holds the
 * token.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebUi, LOGIN_PATH, SESSION_COOKIE, type WebUi } from '../../src/main/doors/http/web-ui';
import { goodHeaders, rawRequest, startTestApi, type TestApi } from '../support/api-server';

let api: TestApi;
let webUi: WebUi;
let rendererDir: string;

beforeAll(async () => {
  // A stand-in build of the renderer: these tests are about the door, not the React app.
  rendererDir = mkdtempSync(join(tmpdir(), 'lantern-renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Lantern</title><div id="root"></div>');
  webUi = createWebUi({ rendererDir });
  api = await startTestApi({ LANTERN_ENGINE_URL_GOOGLE: 'http://127.0.0.1:9' }, { webUi });
});
afterAll(async () => {
  await api.close();
});

const host = (): string => `127.0.0.1:${api.server.port}`;
const origin = (): string => `http://${host()}`;

async function signIn(code = webUi.issueCode()): Promise<string> {
  const response = await rawRequest(api.server.port, { path: `${LOGIN_PATH}?code=${code}`, headers: { host: host() } });
  expect(response.status).toBe(303);
  const cookie = String(response.headers['set-cookie']);
  return /lantern_ui=([^;]+)/.exec(cookie)?.[1] as string;
}

/** What the UI's own page sends: its cookie, its Origin on a POST, same-origin Fetch Metadata. */
function pageHeaders(session: string, extra: Record<string, string> = {}): Record<string, string> {
  return { host: host(), cookie: `${SESSION_COOKIE}=${session}`, 'sec-fetch-site': 'same-origin', ...extra };
}

describe('signing in with the one-time code', () => {
  it('sets an HttpOnly, SameSite=Strict, host-only cookie and sends the browser to / without the code', async () => {
    const response = await rawRequest(api.server.port, {
      path: `${LOGIN_PATH}?code=${webUi.issueCode()}`,
      headers: { host: host() },
    });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/');
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}; `));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).not.toMatch(/Domain=/i);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('refuses a code the second time, and a wrong one, without a cookie', async () => {
    const code = webUi.issueCode();
    await signIn(code);
    for (const path of [`${LOGIN_PATH}?code=${code}`, `${LOGIN_PATH}?code=not-the-code`, LOGIN_PATH]) {
      const again = await rawRequest(api.server.port, { path, headers: { host: host() } });
      expect(again.status).toBe(403);
      expect(again.headers['set-cookie']).toBeUndefined();
      expect(again.body).toContain('does not work');
    }
  });

  it('never signs in through a rebound host name', async () => {
    const response = await rawRequest(api.server.port, {
      path: `${LOGIN_PATH}?code=${webUi.issueCode()}`,
      headers: { host: `evil.example:${api.server.port}` },
    });
    expect(response.status).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('serves the page with a strict Content-Security-Policy and no token anywhere in it', async () => {
    const page = await rawRequest(api.server.port, { path: '/', headers: { host: host() } });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.body).not.toContain(api.token());
  });
});

describe('the session cookie in place of the token', () => {
  it('lets the UI page of this origin call the API, with or without an Origin header', async () => {
    const session = await signIn();
    const list = await rawRequest(api.server.port, { path: '/v1/history', headers: pageHeaders(session) });
    expect(list.status).toBe(200);
    const post = await rawRequest(api.server.port, {
      method: 'POST',
      path: '/v1/settings',
      headers: pageHeaders(session, { origin: origin(), 'content-type': 'application/json' }),
      body: JSON.stringify({ resultCacheTtlMs: 60_000 }),
    });
    expect(post.status).toBe(200);
    expect((post.json() as { resultCacheTtlMs: number }).resultCacheTtlMs).toBe(60_000);
  });

  it('refuses the cookie from any other origin (another port is the same site), or from a cross-site request', async () => {
    const session = await signIn();
    const before = api.calls.length;
    const attempts: Array<Record<string, string>> = [
      { origin: `http://127.0.0.1:${api.server.port + 1}` },
      { origin: 'http://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const extra of attempts) {
      const response = await rawRequest(api.server.port, {
        method: 'POST',
        path: '/v1/settings',
        headers: { ...pageHeaders(session), 'content-type': 'application/json', ...extra },
        body: JSON.stringify({ fetch: { allowPrivateNetworks: true } }),
      });
      expect(response.status, JSON.stringify(extra)).toBe(403);
      expect((response.json() as { error: { code: string } }).error.code).toBe('FORBIDDEN');
    }
    expect(api.calls.length - before).toBe(0);
    expect((await api.runtime.settings.get()).fetch.allowPrivateNetworks).toBe(false);
  });

  it("refuses a forged cookie of a real session's length and alphabet (mutant: the session cookie accepted by its length)", async () => {
    const session = await signIn();
    const oneCharOff = `${session.slice(0, -1)}${session.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [oneCharOff, 'A'.repeat(session.length)]) {
      const response = await rawRequest(api.server.port, { path: '/v1/history', headers: pageHeaders(forged) });
      expect(response.status, forged).toBe(401);
    }
    const real = await rawRequest(api.server.port, { path: '/v1/history', headers: pageHeaders(session) });
    expect(real.status).toBe(200);
  });

  it('refuses a cookie the server never issued as unauthorized', async () => {
    const response = await rawRequest(api.server.port, {
      path: '/v1/history',
      headers: pageHeaders('forged-session-value'),
    });
    expect(response.status).toBe(401);
  });

  it('tells the page whose session ended (the server restarted) to sign in again, and still refuses other origins', async () => {
    const session = await signIn();
    webUi.endSessions();
    const fromPage = await rawRequest(api.server.port, {
      method: 'POST',
      path: '/v1/settings',
      headers: pageHeaders(session, { origin: origin(), 'content-type': 'application/json' }),
      body: JSON.stringify({ resultCacheTtlMs: 120_000 }),
    });
    expect(fromPage.status).toBe(401);
    expect((fromPage.json() as { error: unknown }).error).toMatchObject({
      code: 'UNAUTHORIZED',
      details: { reason: 'session-ended' },
    });
    const fromElsewhere = await rawRequest(api.server.port, {
      method: 'POST',
      path: '/v1/settings',
      headers: pageHeaders(session, { origin: 'http://evil.example', 'content-type': 'application/json' }),
      body: JSON.stringify({ resultCacheTtlMs: 120_000 }),
    });
    expect(fromElsewhere.status).toBe(403);
    expect((await api.runtime.settings.get()).resultCacheTtlMs).not.toBe(120_000);
  });
});

describe('what only the UI session may do', () => {
  it('refuses settings and token routes to an agent with the bearer token', async () => {
    const before = api.calls.length;
    for (const [method, path] of [
      ['GET', '/v1/settings'],
      ['POST', '/v1/settings/reset'],
      ['GET', '/v1/token'],
      ['POST', '/v1/token/rotate'],
    ] as const) {
      const response = await rawRequest(api.server.port, { method, path, headers: goodHeaders(api) });
      expect(response.status, path).toBe(403);
      expect(response.body).not.toContain(api.token());
    }
    expect(api.calls.length - before).toBe(0);
  });

  it('gives the UI session the token to copy, and a rotation refuses the old one to agents at once', async () => {
    const session = await signIn();
    const shown = await rawRequest(api.server.port, { path: '/v1/token', headers: pageHeaders(session) });
    const old = (shown.json() as { token: string }).token;
    expect(old).toBe(api.token());
    const rotated = await rawRequest(api.server.port, {
      method: 'POST',
      path: '/v1/token/rotate',
      headers: pageHeaders(session, { origin: origin() }),
    });
    const fresh = (rotated.json() as { token: string }).token;
    expect(fresh).not.toBe(old);
    const withOld = await rawRequest(api.server.port, {
      path: '/v1/history',
      headers: { ...goodHeaders(api), authorization: `Bearer ${old}` },
    });
    expect(withOld.status).toBe(401);
  });

  it('keeps the agents’ OpenAPI document free of the UI-only routes', async () => {
    const response = await rawRequest(api.server.port, { path: '/v1/openapi.json', headers: goodHeaders(api) });
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).not.toContain('/v1/settings');
    expect(paths).not.toContain('/v1/token');
  });
});
