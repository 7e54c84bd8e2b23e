/**
 * The local API's guard over real HTTP on loopback: each refusal has its status and code, and no
 * ResearchApi method runs (the wrapped API counts calls).
 */
import { statSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponseSchema } from '../../src/shared/contract';
import { tokenPath } from '../../src/main/settings/api-token';
import { goodHeaders, rawRequest, startTestApi, type TestApi } from '../support/api-server';

let api: TestApi;
beforeAll(async () => {
  // No engine is reachable: a guard failure that let a search through would show as a call anyway.
  api = await startTestApi({ LANTERN_ENGINE_URL_GOOGLE: 'http://127.0.0.1:9' });
});
afterAll(async () => {
  await api.close();
});

const searchBody = JSON.stringify({ query: 'coffee', engine: 'google' });

async function expectRefused(
  request: { method?: string; path?: string; headers: Record<string, string>; body?: string | Buffer },
  status: number,
  code: string,
): Promise<void> {
  const before = api.calls.length;
  const response = await rawRequest(api.server.port, {
    method: 'POST',
    path: '/v1/search',
    body: searchBody,
    ...request,
  });
  expect(response.status).toBe(status);
  const body = ErrorResponseSchema.parse(response.json());
  expect(body.error.code).toBe(code);
  expect(response.body).not.toContain(api.token());
  expect(response.body).not.toMatch(/at .*\.(ts|js):\d+|\/tmp\//);
  expect(response.headers['access-control-allow-origin']).toBeUndefined();
  expect(api.calls.length - before).toBe(0);
}

/** A search with a wrong token, its body framed by `framing`, as raw HTTP. */
function refusedSearch(framing: string, body: string): string {
  return `POST /v1/search HTTP/1.1\r\nHost: 127.0.0.1:${api.server.port}\r\nAuthorization: Bearer wrong\r\nContent-Type: application/json\r\n${framing}\r\n\r\n${body}`;
}

function healthRequest(): string {
  return `GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1:${api.server.port}\r\nAuthorization: Bearer ${api.token()}\r\n\r\n`;
}

/** Writes `requests` on one connection; what came back once the health answer did, or the server closed it. */
function exchange(requests: string): Promise<string> {
  const socket = connect(api.server.port, '127.0.0.1');
  return new Promise<string>((resolve) => {
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
      if (received.includes('"status":"ok"')) resolve(received);
    });
    socket.on('close', () => resolve(received));
    socket.write(requests);
  }).finally(() => socket.destroy());
}

describe('the guard: Host → Origin → token → body → schema, before any handler', () => {
  it('refuses a wrong Host (DNS rebinding) with 403 FORBIDDEN', async () => {
    await expectRefused({ headers: goodHeaders(api, { host: `evil.example:${api.server.port}` }) }, 403, 'FORBIDDEN');
    await expectRefused({ headers: goodHeaders(api, { host: `127.0.0.1:${api.server.port + 1}` }) }, 403, 'FORBIDDEN');
    await expectRefused({ headers: goodHeaders(api, { host: '127.0.0.1' }) }, 403, 'FORBIDDEN');
  });

  it('refuses an empty or missing Host with 403', async () => {
    await expectRefused({ headers: goodHeaders(api, { host: '' }) }, 403, 'FORBIDDEN');
    const { host: _host, ...noHost } = goodHeaders(api);
    await expectRefused({ headers: noHost }, 403, 'FORBIDDEN');
  });

  it('accepts localhost and [::1] as Host', async () => {
    for (const host of [`localhost:${api.server.port}`, `[::1]:${api.server.port}`]) {
      const response = await rawRequest(api.server.port, { path: '/v1/health', headers: goodHeaders(api, { host }) });
      expect(response.status).toBe(200);
    }
  });

  it('refuses any Origin header, null included, with 403', async () => {
    await expectRefused({ headers: goodHeaders(api, { origin: 'null' }) }, 403, 'FORBIDDEN');
    await expectRefused({ headers: goodHeaders(api, { origin: 'https://evil.example' }) }, 403, 'FORBIDDEN');
    await expectRefused(
      { headers: goodHeaders(api, { origin: `http://127.0.0.1:${api.server.port}` }) },
      403,
      'FORBIDDEN',
    );
  });

  it('answers OPTIONS with 403 and no CORS headers', async () => {
    await expectRefused({ method: 'OPTIONS', headers: goodHeaders(api), body: '' }, 403, 'FORBIDDEN');
  });

  it('refuses no token, a wrong token and a token in the query string with 401', async () => {
    const { authorization: _authorization, ...noToken } = goodHeaders(api);
    await expectRefused({ headers: noToken }, 401, 'UNAUTHORIZED');
    await expectRefused(
      { headers: goodHeaders(api, { authorization: `Bearer ${'A'.repeat(43)}` }) },
      401,
      'UNAUTHORIZED',
    );
    await expectRefused(
      { headers: goodHeaders(api, { authorization: `Bearer ${api.token()}x` }) },
      401,
      'UNAUTHORIZED',
    );
    await expectRefused({ headers: goodHeaders(api, { authorization: `Basic ${api.token()}` }) }, 401, 'UNAUTHORIZED');
    await expectRefused({ path: `/v1/search?token=${api.token()}`, headers: noToken }, 401, 'UNAUTHORIZED');
    await expectRefused({ path: `/v1/search?access_token=${api.token()}`, headers: noToken }, 401, 'UNAUTHORIZED');
  });

  it('checks Host before the token: a good token does not open a rebound Host', async () => {
    const { authorization: _a, ...noToken } = goodHeaders(api, { host: 'evil.example' });
    await expectRefused({ headers: noToken }, 403, 'FORBIDDEN');
  });

  it('refuses a 2 MB body with 413 TOO_LARGE', async () => {
    const big = JSON.stringify({ query: 'x'.repeat(2 * 1024 * 1024) });
    await expectRefused({ headers: goodHeaders(api), body: big }, 413, 'TOO_LARGE');
  });

  it('refuses malformed JSON and a body that is not JSON with 400 INVALID_INPUT', async () => {
    await expectRefused({ headers: goodHeaders(api), body: '{"query": "coffee"' }, 400, 'INVALID_INPUT');
    await expectRefused(
      { headers: goodHeaders(api, { 'content-type': 'text/plain' }), body: searchBody },
      400,
      'INVALID_INPUT',
    );
  });

  it('refuses wrong types and unknown fields by the schema with 400 INVALID_INPUT', async () => {
    await expectRefused({ headers: goodHeaders(api), body: JSON.stringify({ query: 42 }) }, 400, 'INVALID_INPUT');
    await expectRefused(
      { headers: goodHeaders(api), body: JSON.stringify({ query: 'coffee', limit: 'ten' }) },
      400,
      'INVALID_INPUT',
    );
    await expectRefused(
      { headers: goodHeaders(api), body: JSON.stringify({ query: 'a', queries: ['b'] }) },
      400,
      'INVALID_INPUT',
    );
    await expectRefused(
      {
        path: '/v1/fetch',
        headers: goodHeaders(api),
        body: JSON.stringify({ url: 'https://example.com', allowPrivateNetworks: true }),
      },
      400,
      'INVALID_INPUT',
    );
    await expectRefused({ path: '/v1/search?format=markdown', headers: goodHeaders(api) }, 400, 'INVALID_INPUT');
    await expectRefused(
      { method: 'GET', path: '/v1/health?format=compact', headers: goodHeaders(api) },
      400,
      'INVALID_INPUT',
    );
  });

  it('says NOT_FOUND (404) for an unknown path, after the guard', async () => {
    await expectRefused({ method: 'GET', path: '/v1/nothing', headers: goodHeaders(api), body: '' }, 404, 'NOT_FOUND');
  });

  it('keeps the connection after a refusal, and reads the next request after the refused body', async () => {
    // Both requests in one write: the refusal comes before the body was read.
    const text = await exchange(
      refusedSearch(`Content-Length: ${Buffer.byteLength(searchBody)}`, searchBody) + healthRequest(),
    );
    expect(text.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 401', 'HTTP/1.1 200']);
    expect(text).not.toMatch(/connection: close/i);
  });

  it('closes the connection after refusing a request whose body is of unknown length', async () => {
    const chunked = `${Buffer.byteLength(searchBody).toString(16)}\r\n${searchBody}\r\n0\r\n\r\n`;
    const text = await exchange(refusedSearch('Transfer-Encoding: chunked', chunked) + healthRequest());
    expect(text.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 401']);
    expect(text).toMatch(/connection: close/i);
  });

  it('keeps the token in a 0600 file', () => {
    expect(statSync(tokenPath(api.dataDir)).mode & 0o777).toBe(0o600);
    expect(api.token()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('lets a good request through to its handler', async () => {
    const before = api.calls.length;
    const response = await rawRequest(api.server.port, { path: '/v1/health', headers: goodHeaders(api) });
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', browser: 'not started', suspensions: [] });
    expect(api.calls.slice(before)).toEqual(['captcha.pending']);
  });
});
