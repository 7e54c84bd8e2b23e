/**
 * What runs behind the guard besides the REST routes: a mounted handler (the MCP door mounts
 * itself at /mcp) sees only requests that passed the guard; the concurrency cap and the
 * per-client rate limit answer work with 429 and Retry-After before any handler, and leave
 * bookkeeping (the health check) alone (src/main/doors/http/limits.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponseSchema } from '../../src/shared/contract';
import { goodHeaders, rawRequest, startTestApi, type TestApi } from '../support/api-server';

let capped: TestApi;
let limited: TestApi;
let mountedCalls = 0;
let releaseSlow: (() => void) | undefined;
beforeAll(async () => {
  capped = await startTestApi({}, { limits: { maxInFlight: 1, perMinute: 100 } });
  capped.server.mount('/mcp', (_req, res) => {
    mountedCalls += 1;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"mounted":true}');
  });
  capped.server.mount('/slow', async (_req, res, admitWork) => {
    admitWork();
    await new Promise<void>((resolve) => (releaseSlow = resolve));
    res.end('{}');
  });
  limited = await startTestApi({}, { limits: { maxInFlight: 8, perMinute: 2 } });
});
afterAll(async () => {
  releaseSlow?.();
  await capped?.close();
  await limited?.close();
});

describe('behind the guard', () => {
  it('runs a mounted handler only for requests that pass the guard', async () => {
    const port = capped.server.port;
    const refused = [
      await rawRequest(port, {
        method: 'POST',
        path: '/mcp',
        headers: goodHeaders(capped, { origin: 'null' }),
        body: '{}',
      }),
      await rawRequest(port, {
        method: 'POST',
        path: '/mcp',
        headers: goodHeaders(capped, { host: `evil.example:${port}` }),
        body: '{}',
      }),
      await rawRequest(port, {
        method: 'POST',
        path: `/mcp?token=${capped.token()}`,
        headers: { host: `127.0.0.1:${port}` },
        body: '{}',
      }),
    ];
    expect(refused.map((response) => response.status)).toEqual([403, 403, 401]);
    expect(mountedCalls).toBe(0);
    const passed = await rawRequest(port, { method: 'POST', path: '/mcp', headers: goodHeaders(capped), body: '{}' });
    expect(passed.status).toBe(200);
    expect(passed.json()).toEqual({ mounted: true });
    expect(mountedCalls).toBe(1);
  });

  it('refuses a request over the concurrency cap with 429 and Retry-After', async () => {
    const port = capped.server.port;
    const slow = rawRequest(port, { path: '/slow', headers: goodHeaders(capped) });
    await expect.poll(() => releaseSlow !== undefined).toBe(true);
    const before = capped.calls.length;
    const over = await rawRequest(port, { path: '/v1/history', headers: goodHeaders(capped) });
    expect(over.status).toBe(429);
    expect(ErrorResponseSchema.parse(over.json()).error.code).toBe('RATE_LIMITED');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(capped.calls.length - before).toBe(0);
    // The health check is not work: it answers while the cap is full.
    expect((await rawRequest(port, { path: '/v1/health', headers: goodHeaders(capped) })).status).toBe(200);
    releaseSlow?.();
    expect((await slow).status).toBe(200);
    expect((await rawRequest(port, { path: '/v1/history', headers: goodHeaders(capped) })).status).toBe(200);
  });

  it('refuses a client over its rate with 429 and Retry-After, before any handler', async () => {
    const port = limited.server.port;
    for (let i = 0; i < 2; i++)
      expect((await rawRequest(port, { path: '/v1/history', headers: goodHeaders(limited) })).status).toBe(200);
    const before = limited.calls.length;
    const over = await rawRequest(port, { path: '/v1/history', headers: goodHeaders(limited) });
    expect(over.status).toBe(429);
    expect(ErrorResponseSchema.parse(over.json()).error.code).toBe('RATE_LIMITED');
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limited.calls.length - before).toBe(0);
    expect((await rawRequest(port, { path: '/v1/health', headers: goodHeaders(limited) })).status).toBe(200);
  });
});
