/**
 * REST v1 over real HTTP on loopback against the fixture web (real Chromium, real SQLite): a
 * search, several queries with a per-query failure, history, health and the OpenAPI document.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponseSchema, SearchResponseSchema } from '../../src/shared/contract';
import { SearchManyResponseSchema as MultiSearchResponseSchema } from '../../src/shared/contract';
import { FIXTURE_QUERIES, startFixtureWeb, type FixtureWeb } from '../support/fixture-web';
import { goodHeaders, rawRequest, startTestApi, type TestApi } from '../support/api-server';

let web: FixtureWeb;
let api: TestApi;
beforeAll(async () => {
  web = await startFixtureWeb();
  api = await startTestApi({ LANTERN_ENGINE_URL_GOOGLE: web.origin });
});
afterAll(async () => {
  await api?.close();
  await web?.close();
});

const post = (path: string, body: unknown) =>
  rawRequest(api.server.port, { method: 'POST', path, headers: goodHeaders(api), body: JSON.stringify(body) });

describe('REST v1 over loopback', () => {
  it('POST /v1/search returns the SearchResponse from the fixture web', async () => {
    const response = await post('/v1/search', { query: 'coffee', engine: 'google', limit: 5 });
    expect(response.status).toBe(200);
    const search = SearchResponseSchema.parse(response.json());
    expect(search.results).toHaveLength(5);
    expect(search.results[0]?.url).toMatch(/^https?:\/\//);
    expect(web.requests.some((path) => path.startsWith('/search?') && path.includes('q=coffee'))).toBe(true);
  }, 60_000);

  it('POST /v1/search with queries gives one outcome per query, a CAPTCHA failing only its own', async () => {
    const response = await post('/v1/search?session=agent-1', {
      queries: ['hotels london', FIXTURE_QUERIES.captcha],
      engine: 'google',
      limit: 3,
    });
    expect(response.status).toBe(200);
    const { results } = MultiSearchResponseSchema.parse(response.json());
    expect(results.map((outcome) => [outcome.query, outcome.ok])).toEqual([
      ['hotels london', true],
      [FIXTURE_QUERIES.captcha, false],
    ]);
    const [first, second] = results;
    if (first?.ok) expect(first.response.results).toHaveLength(3);
    if (second && !second.ok) expect(second.error.code).toBe('CAPTCHA_REQUIRED');
  }, 60_000);

  it('answers 429 with Retry-After while the engine is suspended, and health lists the suspension', async () => {
    const response = await post('/v1/search', { query: 'van gogh paintings', engine: 'google' });
    expect(response.status).toBe(429);
    expect(ErrorResponseSchema.parse(response.json()).error.code).toMatch(
      /CAPTCHA_REQUIRED|ENGINE_BLOCKED|RATE_LIMITED/,
    );
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);

    const health = await rawRequest(api.server.port, { path: '/v1/health', headers: goodHeaders(api) });
    expect(health.status).toBe(200);
    const report = health.json() as { suspensions: Array<{ engine: string }>; version: string; browser: string };
    expect(report.browser).toBe('started');
    expect(report.suspensions.map((block) => block.engine)).toEqual(['google']);
    expect(health.body).not.toContain(api.token());
    expect(health.body).not.toContain(api.dataDir);

    // As text, several queries' failures are one line each, with the code.
    const several = await post('/v1/search?format=compact', { queries: ['tea', 'espresso'], engine: 'google' });
    expect(several.status).toBe(200);
    expect(several.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = several.body.split('\n\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^A search for 'tea' failed: ENGINE_BLOCKED: Google is paused for \d+ more min/);
    expect(lines[1]).toMatch(/^A search for 'espresso' failed: ENGINE_BLOCKED: /);
  }, 60_000);

  it('GET /v1/history and its full-text search answer from the store; an unknown thread is 404, a malformed id 400', async () => {
    const list = await rawRequest(api.server.port, { path: '/v1/history?limit=5', headers: goodHeaders(api) });
    expect(list.status).toBe(200);
    expect(Array.isArray(list.json())).toBe(true);
    const found = await rawRequest(api.server.port, {
      path: '/v1/history/search?text=coffee',
      headers: goodHeaders(api),
    });
    expect(found.status).toBe(200);
    const missing = await rawRequest(api.server.port, { path: '/v1/history/999', headers: goodHeaders(api) });
    expect(missing.status).toBe(404);
    expect(ErrorResponseSchema.parse(missing.json()).error.code).toBe('NOT_FOUND');
    const gone = await rawRequest(api.server.port, {
      method: 'DELETE',
      path: '/v1/history/999',
      headers: goodHeaders(api),
    });
    expect(gone.status).toBe(404);
    // A malformed id is the caller's mistake, never a 500.
    for (const path of ['/v1/history/abc', '/v1/history/%ZZ', '/v1/history/abc/export']) {
      const bad = await rawRequest(api.server.port, { path, headers: goodHeaders(api) });
      expect([path, bad.status, ErrorResponseSchema.parse(bad.json()).error.code]).toEqual([
        path,
        400,
        'INVALID_INPUT',
      ]);
    }
  });

  it('GET /v1/openapi.json validates as OpenAPI 3.1 and lists every route', async () => {
    const response = await rawRequest(api.server.port, { path: '/v1/openapi.json', headers: goodHeaders(api) });
    expect(response.status).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, unknown> };
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/v1/search',
        '/v1/fetch',
        '/v1/answer',
        '/v1/research/plan',
        '/v1/research',
        '/v1/history',
        '/v1/history/{id}',
        '/v1/health',
        '/v1/captcha/wait',
        '/v1/library',
        '/v1/library/search',
      ]),
    );
    // Generated from the contract: the search body's limit carries the schema's bounds.
    expect(response.body).toContain('"maximum":100');
    // The text formats are documented where they are served, and only there.
    const operations = document.paths as Record<
      string,
      Record<string, { responses: { '200': { content: Record<string, unknown> } } }>
    >;
    const textual = Object.entries(operations).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => 'text/plain' in op.responses['200'].content)
        .map(([method]) => `${method} ${path}`),
    );
    expect(textual.sort()).toEqual([
      'get /v1/library/search',
      'post /v1/answer',
      'post /v1/fetch',
      'post /v1/research',
      'post /v1/search',
    ]);
  });
});
