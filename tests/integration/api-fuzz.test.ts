/**
 * Property-based fuzzing of the local API (fast-check): generated malformed requests at every REST
 * endpoint and at /mcp, and malformed arguments at every MCP tool through the MCP SDK's own client,
 * against the real server on loopback (real Node runtime, SQLite, Chromium only for the one valid
 * search). Every HTTP answer must be a 4xx with a JSON `{error:{code,message}}` body that holds no
 * stack trace or path; every tool call an `isError` result with a code. Afterwards the server
 * still answers, and the store passes `quick_check`.
 *
 * Nothing generated may reach the internet: each malformation is built to be refused before any
 * work is done (schema, guard, router), the engines point at the fixture web, and the network
 * fence fails any connection from this process to an address off loopback.
 *
 * Seeded: a failure prints its seed and path; LANTERN_FUZZ_SEED=<seed> replays it.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_IDS, ErrorResponseSchema } from '../../src/shared/contract';
import { mcpOverHttp } from '../../src/main/doors/mcp/http';
import { createLanternMcpServer } from '../../src/main/doors/mcp/server';
import { goodHeaders, rawRequest, startTestApi, type RawResponse, type TestApi } from '../support/api-server';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web';
import { fenceOffNetwork } from '../support/network-fence';

const SEED = Number(process.env.LANTERN_FUZZ_SEED ?? 20261123);
const HTTP_RUNS = 1200;
const TOOL_RUNS = 300;

let web: FixtureWeb;
let api: TestApi;
let mcp: ReturnType<typeof mcpOverHttp>;
let unfence: () => void;
const served: string[] = [];

beforeAll(async () => {
  unfence = fenceOffNetwork();
  web = await startFixtureWeb();
  // Every engine at the fixture web: a generated request that slipped through would still stay on loopback.
  const engines = Object.fromEntries(ENGINE_IDS.map((id) => [`LANTERN_ENGINE_URL_${id.toUpperCase()}`, web.origin]));
  // Limits raised so that the schema, not the rate limit, answers the generated requests.
  api = await startTestApi(engines, { limits: { maxInFlight: 64, perMinute: 1_000_000 } });
  mcp = mcpOverHttp(() => createLanternMcpServer(api.runtime, { version: 'fuzz', log: () => undefined }));
  api.server.mount('/mcp', (req, res, admitWork) => mcp.handle(req, res, admitWork));
}, 60_000);

afterAll(async () => {
  await mcp?.close();
  await api?.close();
  await web?.close();
  unfence?.();
});

interface Malformed {
  /** What kind of malformation, for the failure report. */
  kind: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

const POST_ROUTES: Record<string, { fields: Record<string, 'string' | 'number' | 'array' | 'boolean'> }> = {
  '/v1/search': {
    fields: {
      query: 'string',
      queries: 'array',
      engine: 'string',
      limit: 'number',
      page: 'number',
      lang: 'string',
      region: 'string',
    },
  },
  '/v1/fetch': {
    fields: {
      url: 'string',
      urls: 'array',
      prompt: 'string',
      index: 'number',
      searchId: 'string',
      maxChars: 'number',
      offset: 'number',
      noCache: 'boolean',
    },
  },
  '/v1/answer': { fields: { question: 'string', pages: 'number', urls: 'array', engine: 'string' } },
  '/v1/captcha/wait': { fields: { engine: 'string', timeoutMs: 'number' } },
  '/v1/research/plan': { fields: { question: 'string', engine: 'string', composer: 'string' } },
  '/v1/research': {
    fields: { question: 'string', subQuestions: 'array', maxPages: 'number', timeBudgetMs: 'number', engine: 'string' },
  },
};
const GET_ROUTES = [
  '/v1/history',
  '/v1/history/search',
  '/v1/history/1',
  '/v1/history/1/export',
  '/v1/captcha/pending',
  '/v1/health',
  '/v1/openapi.json',
  '/v1/library',
  '/v1/library/search',
];
const ALL_PATHS = [...Object.keys(POST_ROUTES), ...GET_ROUTES];
/** Query parameters some route knows; a generated unknown one is none of these. */
const KNOWN_PARAMS = new Set(['session', 'format', 'threadId', 'limit', 'offset', 'text', 'scope', 'query', 'type']);

const json = fc.jsonValue({ maxDepth: 3 });
/** A JSON value that is not of the given type. */
function wrongType(type: 'string' | 'number' | 'array' | 'boolean'): fc.Arbitrary<unknown> {
  return json.filter((value) => {
    if (type === 'string') return typeof value !== 'string';
    if (type === 'number') return typeof value !== 'number';
    if (type === 'boolean') return typeof value !== 'boolean';
    return !Array.isArray(value);
  });
}
const notJsonText = fc.string({ maxLength: 200 }).filter((text) => {
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
});

function malformedBody(path: string): fc.Arbitrary<Malformed> {
  const { fields } = POST_ROUTES[path]!;
  const names = Object.keys(fields);
  const post = (kind: string, body: string | Buffer, headers: Record<string, string> = {}) => ({
    kind,
    method: 'POST',
    path,
    headers,
    body,
  });
  const someFields = fc.dictionary(fc.constantFrom(...names), json, { maxKeys: 3 });
  return fc.oneof(
    notJsonText.map((text) => post('not JSON', text)),
    fc
      .oneof(fc.integer(), fc.double(), fc.string(), fc.boolean(), fc.constant(null), fc.array(json, { maxLength: 4 }))
      .map((value) => post('not an object', JSON.stringify(value))),
    fc
      .tuple(
        someFields,
        fc.string({ minLength: 1, maxLength: 20 }).filter((key) => !names.includes(key) && key !== '__proto__'),
        json,
      )
      .map(([known, key, value]) => post('unknown field', JSON.stringify({ ...known, [key]: value }))),
    fc
      .tuple(someFields, fc.constantFrom(...names))
      .chain(([known, name]) =>
        wrongType(fields[name]!).map((value) =>
          post(`wrong type for ${name}`, JSON.stringify({ ...known, [name]: value })),
        ),
      ),
    fc
      .tuple(
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/jsonx',
          'multipart/form-data',
          '',
        ),
        someFields,
      )
      .map(([type, known]) => post(`content-type "${type}"`, JSON.stringify(known), { 'content-type': type })),
    // Invalid UTF-8 in a key: decoded to U+FFFD, an unknown field (never a query the engine would run).
    fc
      .uint8Array({ minLength: 1, maxLength: 8 })
      .map((bytes) =>
        post(
          'invalid UTF-8',
          Buffer.concat([Buffer.from('{"\xff'), Buffer.from(bytes.map((b) => b | 0x80)), Buffer.from('":1}')]),
        ),
      ),
    fc
      .integer({ min: 1_000, max: 50_000 })
      .map((depth) => post('deeply nested', '['.repeat(depth) + ']'.repeat(depth))),
    fc.constant(post('over 1 MB', JSON.stringify({ query: 'x'.repeat(1_100_000) }))),
  );
}

const badSession = fc.oneof(
  fc.constant(''),
  fc.string({ minLength: 65, maxLength: 80 }),
  fc.string({ minLength: 1, maxLength: 20 }).filter((text) => !/^[A-Za-z0-9_.-]{1,64}$/.test(text)),
);
function malformedQuery(path: string): fc.Arbitrary<Malformed> {
  const method = path in POST_ROUTES ? 'POST' : 'GET';
  const request = (kind: string, query: string): Malformed => ({
    kind,
    method,
    path: `${path}?${query}`,
    headers: {},
    ...(method === 'POST' ? { body: '{}' } : {}),
  });
  return fc.oneof(
    badSession.map((session) => request('bad session', `session=${encodeURIComponent(session)}`)),
    fc
      .string({ maxLength: 10 })
      .filter((format) => !['json', 'compact', 'cited'].includes(format))
      .map((format) => request('bad format', `format=${encodeURIComponent(format)}`)),
    fc
      .tuple(
        fc.string({ minLength: 1, maxLength: 12 }).filter((name) => !KNOWN_PARAMS.has(name)),
        fc.string({ maxLength: 12 }),
      )
      .map(([name, value]) => request('unknown parameter', `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)),
    fc.constantFrom('session', 'format').map((name) => request('parameter twice', `${name}=a&${name}=b`)),
  );
}

const badId = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }).filter((id) => !/^#?\d+$/.test(id)),
  fc.constantFrom('0', '-1', '1.5', '1e3', '%zz', '99999999999999999999999'),
);
const malformedPath: fc.Arbitrary<Malformed> = fc.oneof(
  fc
    .array(fc.string({ minLength: 1, maxLength: 10 }), { minLength: 1, maxLength: 4 })
    .map((parts) => `/v1/${parts.map(encodeURIComponent).join('/')}`)
    .filter((path) => !ALL_PATHS.includes(path) && !/^\/v1\/history\/[^/]+(\/export)?$/.test(path))
    .chain((path) =>
      fc.constantFrom('GET', 'POST', 'DELETE').map((method) => ({ kind: 'unknown path', method, path, headers: {} })),
    ),
  fc
    .tuple(fc.constantFrom(...ALL_PATHS), fc.constantFrom('PUT', 'PATCH', 'DELETE', 'GET', 'POST', 'OPTIONS'))
    .filter(
      ([path, method]) =>
        !(path in POST_ROUTES
          ? method === 'POST'
          : method === 'GET' || (method === 'DELETE' && path === '/v1/history/1')),
    )
    .map(([path, method]) => ({ kind: 'wrong method', method, path, headers: {} })),
  fc
    .tuple(badId, fc.constantFrom('', '/export'), fc.constantFrom('GET', 'DELETE'))
    .filter(([, suffix, method]) => !(suffix === '/export' && method === 'DELETE'))
    .map(([id, suffix, method]) => ({
      kind: 'malformed thread id',
      method,
      path: `/v1/history/${encodeURIComponent(id)}${suffix}`,
      headers: {},
    })),
);

const malformedGuard: fc.Arbitrary<Malformed> = fc
  .tuple(
    fc.constantFrom(...ALL_PATHS, '/mcp'),
    fc.oneof(
      fc
        .string({ minLength: 1, maxLength: 60 })
        .map((token) => ({ kind: 'wrong token', headers: { authorization: `Bearer ${token}` } })),
      fc
        .constantFrom('', 'Basic abc', 'Bearer', 'bearer x y')
        .map((authorization) => ({ kind: 'malformed Authorization', headers: { authorization } })),
      fc.domain().map((host) => ({ kind: 'foreign Host', headers: { host } })),
      fc.oneof(fc.constant('null'), fc.webUrl()).map((origin) => ({ kind: 'Origin header', headers: { origin } })),
    ),
  )
  .map(([path, { kind, headers }]) => ({
    kind,
    method: path in POST_ROUTES || path === '/mcp' ? 'POST' : 'GET',
    path,
    headers,
    body: '{}',
  }));

/** /mcp itself: what the streamable HTTP transport must refuse. */
const malformedMcp: fc.Arbitrary<Malformed> = fc.oneof(
  notJsonText.map((text) => ({ kind: 'MCP: not JSON', method: 'POST', path: '/mcp', headers: {}, body: text })),
  fc
    .oneof(
      json.filter(
        (value) => typeof value !== 'object' || value === null || Array.isArray(value) || !('jsonrpc' in value),
      ),
      fc.record({ jsonrpc: fc.constant('2.0'), id: fc.integer(), method: fc.string() }),
    )
    .map((value) => ({
      kind: 'MCP: not an initialisation, without a session',
      method: 'POST',
      path: '/mcp',
      headers: { accept: 'application/json, text/event-stream' },
      body: JSON.stringify(value),
    })),
  fc.uuid().map((id) => ({
    kind: 'MCP: unknown session',
    method: 'POST',
    path: '/mcp',
    headers: { 'mcp-session-id': id },
    body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
  })),
);

const anyMalformed: fc.Arbitrary<Malformed> = fc.oneof(
  { arbitrary: fc.constantFrom(...Object.keys(POST_ROUTES)).chain(malformedBody), weight: 5 },
  { arbitrary: fc.constantFrom(...ALL_PATHS).chain(malformedQuery), weight: 2 },
  { arbitrary: malformedPath, weight: 2 },
  { arbitrary: malformedGuard, weight: 2 },
  { arbitrary: malformedMcp, weight: 1 },
);

function send(request: Malformed): Promise<RawResponse> {
  const headers = { ...goodHeaders(api), ...request.headers };
  // An empty header value stands for "no such header".
  for (const [name, value] of Object.entries(headers)) if (value === '') delete headers[name];
  return rawRequest(api.server.port, {
    method: request.method,
    path: request.path,
    headers,
    ...(request.body === undefined ? {} : { body: request.body }),
  });
}

/**
 * Searches the fixture web was asked for since `from`. Not the rest: the valid search's page keeps
 * loading its own scripts and favicon, and may reload itself with gbv=2 (fixture-web.ts), after
 * the search has answered.
 */
function enginePages(from: number): string[] {
  return web.requests.slice(from).filter((path) => path.startsWith('/search') && !/[?&]gbv=2(&|$)/.test(path));
}

/** What no answer may show: a stack frame, a file path of this machine, the token. */
function leaks(text: string): boolean {
  return /\n\s+at |\/work\/|\/tmp\/|node_modules|\.ts:\d+/.test(text) || text.includes(api.token());
}

describe('fuzz: malformed requests and tool arguments', () => {
  it(`answers ${HTTP_RUNS} generated malformed HTTP requests with a 4xx and a JSON error with a code`, async () => {
    // One real search first: the session has numbered results, and the store has rows to lose.
    const search = await send({
      kind: 'valid',
      method: 'POST',
      path: '/v1/search?session=fuzz',
      headers: {},
      body: JSON.stringify({ query: 'coffee', engine: 'google', limit: 3 }),
    });
    expect(search.status).toBe(200);
    const callsBefore = api.calls.filter((call) => call === 'search').length;
    const enginePagesBefore = web.requests.length;

    await fc.assert(
      fc.asyncProperty(anyMalformed, async (request) => {
        const response = await send(request);
        served.push(request.kind);
        const where = `${request.kind}: ${request.method} ${request.path} → ${response.status} ${response.body.slice(0, 200)}`;
        expect(response.status, where).toBeGreaterThanOrEqual(400);
        expect(response.status, where).toBeLessThan(500);
        if (request.path === '/mcp' && response.headers['content-type'] !== 'application/json; charset=utf-8') {
          // The MCP transport's own refusals are JSON-RPC errors, whose code is numeric.
          expect((JSON.parse(response.body) as { error: { code: number } }).error.code, where).toEqual(
            expect.any(Number),
          );
        } else {
          const body = ErrorResponseSchema.safeParse(JSON.parse(response.body));
          expect(body.success, where).toBe(true);
        }
        expect(leaks(response.body), where).toBe(false);
      }),
      { seed: SEED, numRuns: HTTP_RUNS, endOnFailure: true },
    );

    // Each kind was generated, and none reached a search (no engine page was asked for).
    expect(new Set(served).size).toBeGreaterThan(15);
    expect(api.calls.filter((call) => call === 'search').length).toBe(callsBefore);
    expect(enginePages(enginePagesBefore)).toEqual([]);
  }, 120_000);

  it(`answers ${TOOL_RUNS} generated malformed tool calls with a tool error carrying a code`, async () => {
    const transport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${api.server.port}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${api.token()}` } },
    });
    const agent = new Client({ name: 'lantern-fuzz', version: '1.0.0' });
    await agent.connect(transport);
    const enginePagesBefore = web.requests.length;
    const blockedUrl = fc.oneof(
      fc.constantFrom(
        'file:///etc/passwd',
        'javascript:alert(1)',
        'data:text/html,<b>x</b>',
        'ftp://127.0.0.1/',
        'http://169.254.169.254/latest/meta-data/',
        'http://10.0.0.1/',
        'http://[::1]/',
        'http://0x7f000001/',
        'http://127.1/',
      ),
      fc.string({ maxLength: 30 }).filter((text) => !/^https?:\/\/\S/i.test(text.trim())),
    );
    const toolCall = fc.oneof(
      // web_search: type errors (the SDK's input schema), or values the contract refuses.
      fc
        .record({ query: wrongType('string') }, { requiredKeys: ['query'] })
        .map((args) => ({ name: 'web_search', args })),
      fc.constant({ name: 'web_search', args: {} }),
      fc.string().map((query) => ({ name: 'web_search', args: { query, queries: [query] } })),
      fc.constantFrom('', ' ', '\n\t').map((query) => ({ name: 'web_search', args: { query } })),
      fc
        .oneof(fc.integer({ max: 0 }), fc.integer({ min: 101 }), fc.double({ min: 1.01, max: 99.9, noInteger: true }))
        .map((limit) => ({ name: 'web_search', args: { query: 'coffee', limit } })),
      fc
        .string({ maxLength: 8 })
        .filter((engine) => ![...ENGINE_IDS, 'all'].includes(engine))
        .map((engine) => ({ name: 'web_search', args: { query: 'coffee', engine } })),
      fc
        .constantFrom('english', 'x', 'en_US', '12')
        .map((lang) => ({ name: 'web_search', args: { query: 'coffee', lang } })),
      // web_fetch: nothing to fetch, URLs that are not http(s) or not public, an index with no search.
      fc.constant({ name: 'web_fetch', args: {} }),
      blockedUrl.map((url) => ({ name: 'web_fetch', args: { url } })),
      fc.array(blockedUrl, { minLength: 21, maxLength: 25 }).map((urls) => ({ name: 'web_fetch', args: { urls } })),
      fc.nat({ max: 1000 }).map((index) => ({ name: 'web_fetch', args: { index } })),
      fc
        .oneof(fc.integer({ max: -1 }), fc.double({ noInteger: true, noNaN: true }))
        .map((index) => ({ name: 'web_fetch', args: { index } })),
      fc
        .integer({ max: 99 })
        .map((max_length) => ({ name: 'web_fetch', args: { url: 'http://127.0.0.1/', max_length } })),
      // research: no question, an empty one, pages out of range, URLs that are not http(s).
      fc.constant({ name: 'research', args: {} }),
      fc.constantFrom('', '   ').map((question) => ({ name: 'research', args: { question } })),
      fc
        .oneof(fc.integer({ max: 0 }), fc.integer({ min: 11 }))
        .map((pages) => ({ name: 'research', args: { question: 'why?', pages } })),
      fc
        .array(
          fc.string({ maxLength: 20 }).filter((text) => !/^https?:\/\/\S+$/i.test(text.trim())),
          { minLength: 1, maxLength: 3 },
        )
        .map((urls) => ({ name: 'research', args: { question: 'why?', urls } })),
      fc.record({ question: wrongType('string') }).map((args) => ({ name: 'research', args })),
      // research with depth: an unknown depth, deep with URLs, deep with a page budget out of range.
      fc
        .string({ maxLength: 8 })
        .filter((depth) => !['quick', 'deep'].includes(depth))
        .map((depth) => ({ name: 'research', args: { question: 'why?', depth } })),
      fc.constant({ name: 'research', args: { question: 'why?', depth: 'deep', urls: ['https://example.com/'] } }),
      fc
        .oneof(fc.integer({ max: 0 }), fc.integer({ min: 41 }))
        .map((pages) => ({ name: 'research', args: { question: 'why?', depth: 'deep', pages } })),
      // A tool that does not exist.
      fc
        .string({ minLength: 1, maxLength: 12 })
        .filter((name) => !['web_search', 'web_fetch', 'research', 'library_search'].includes(name))
        .map((name) => ({ name, args: {} })),
    );
    try {
      await fc.assert(
        fc.asyncProperty(toolCall, async ({ name, args }) => {
          const result = await agent.callTool({ name, arguments: args as Record<string, unknown> });
          const text = (result.content as Array<{ type: string; text?: string }>)[0]?.text ?? '';
          const where = `${name}(${JSON.stringify(args).slice(0, 200)}) → ${text.slice(0, 200)}`;
          expect(result.isError, where).toBe(true);
          // Lantern's own code (INVALID_INPUT: …), for wrong types and unknown tools too.
          expect(text, where).toMatch(/^[A-Z_]+: /);
          expect(leaks(text), where).toBe(false);
        }),
        { seed: SEED, numRuns: TOOL_RUNS, endOnFailure: true },
      );
    } finally {
      await transport.terminateSession().catch(() => undefined);
      await agent.close();
    }
    expect(enginePages(enginePagesBefore)).toEqual([]);
  }, 120_000);

  it('keeps serving afterwards, and the store passes quick_check', async () => {
    const health = await send({ kind: 'valid', method: 'GET', path: '/v1/health', headers: {} });
    expect(health.status).toBe(200);
    const search = await send({
      kind: 'valid',
      method: 'POST',
      path: '/v1/search?session=fuzz',
      headers: {},
      body: JSON.stringify({ query: 'coffee', engine: 'google', limit: 3 }),
    });
    expect(search.status).toBe(200);
    const fetchFirst = await send({
      kind: 'valid',
      method: 'POST',
      path: '/v1/fetch?session=fuzz',
      headers: {},
      body: JSON.stringify({ index: 99 }),
    });
    // Result 99 of the session's latest search (3 results): the numbers are still the session's.
    expect(fetchFirst.status).toBe(404);
    expect(fetchFirst.body).toContain('has 3 results');

    const db = new Database(join(api.dataDir, 'lantern.db'), { readonly: true });
    try {
      expect(db.pragma('quick_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  }, 60_000);
});
