/**
 * The operations table (src/shared/operations.ts) drives the HTTP route table, and through it the
 * server's router, the OpenAPI document and the web UI's HTTP client: each is checked against
 * the table here, the client by recording the requests it sends for every operation.
 */
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/main/doors/http/openapi';
import { matchRoute, UI_ROUTES } from '../../src/main/doors/http/routes';
import { createHttpClient } from '../../src/renderer/src/client/http-client';
import { routePath } from '../../src/shared/http-endpoints';
import { HTTP_ROUTES, type HttpRoute } from '../../src/shared/http-routes';
import { OPERATION_NAMES, OPERATIONS, type OperationName } from '../../src/shared/operations';

const ROUTES = Object.values(HTTP_ROUTES) as HttpRoute[];
const key = (method: string, path: string): string => `${method.toUpperCase()} ${path}`;

type Client = ReturnType<typeof createHttpClient>;

/** One call of each operation, with the path parameters it fills in. */
const CALLS: Record<OperationName, { call: (client: Client) => Promise<unknown>; params?: Record<string, unknown> }> = {
  search: { call: (client) => client.search({ query: 'coffee' }) },
  searchMany: { call: (client) => client.searchMany({ queries: ['coffee', 'tea'] }) },
  fetch: { call: (client) => client.fetch({ url: 'https://example.com/' }) },
  answer: { call: (client) => client.answer({ question: 'Why?' }) },
  'research.plan': { call: (client) => client.research.plan({ question: 'Why?' }) },
  'research.run': { call: (client) => client.research.run({ question: 'Why?' }) },
  'history.list': { call: (client) => client.history.list() },
  'history.get': { call: (client) => client.history.get({ id: 7 }), params: { id: 7 } },
  'history.search': { call: (client) => client.history.search({ text: 'coffee' }) },
  'history.delete': { call: (client) => client.history.delete({ id: 7 }), params: { id: 7 } },
  'history.export': { call: (client) => client.history.export({ id: 7 }), params: { id: 7 } },
  'settings.get': { call: (client) => client.settings.get() },
  'settings.update': { call: (client) => client.settings.update({ pageTimeoutMs: 7000 }) },
  'settings.reset': { call: (client) => client.settings.reset() },
  'library.list': { call: (client) => client.library.list() },
  'library.search': { call: (client) => client.library.search({ query: 'coffee' }) },
  'library.add': { call: (client) => client.library.add({ paths: ['/tmp/notes'] }) },
  'library.remove': { call: (client) => client.library.remove({ ids: [7] }) },
  'library.read': { call: (client) => client.library.read({ url: 'file:///tmp/notes/a.md' }) },
  'library.import': { call: (client) => client.library.import({ files: [{ name: 'a.md', data: 'IyBB' }] }) },
  'library.reindex': { call: (client) => client.library.reindex({}) },
  'library.save': { call: (client) => client.library.save({ url: 'https://example.org/a' }) },
  'library.unwatch': { call: (client) => client.library.unwatch({ path: '/tmp/notes' }) },
  'captcha.pending': { call: (client) => client.captcha.pending() },
  'captcha.wait': { call: (client) => client.captcha.wait({ engine: 'google' }) },
  'captcha.solve': { call: (client) => client.captcha.solve({ engine: 'google' }) },
  'access.token': { call: (client) => client.access.token() },
  'access.rotateToken': { call: (client) => client.access.rotateToken() },
  'access.setLlmKey': { call: (client) => client.access.setLlmKey({ key: null }) },
  'access.llmKeyState': { call: (client) => client.access.llmKeyState() },
  resetSearchSession: { call: (client) => client.resetSearchSession() },
  'models.find': { call: (client) => client.models.find() },
  'models.catalog': { call: (client) => client.models.catalog() },
  'models.download': { call: (client) => client.models.download({ id: 'qwen3-4b' }) },
  'models.remove': { call: (client) => client.models.remove({ id: 'qwen3-4b' }) },
  'models.choose': { call: (client) => client.models.choose({ source: 'local', model: 'qwen3-4b' }) },
  'models.test': { call: (client) => client.models.test({}) },
};

/** A client whose requests are recorded as "METHOD /path" and answered with an empty success. */
function recordingClient(): { client: Client; sent: string[] } {
  const sent: string[] = [];
  const client = createHttpClient((path, init) => {
    sent.push(key(init.method ?? 'GET', new URL(path, 'http://127.0.0.1').pathname));
    const stream = 'event: response\ndata: {"type":"response","response":{}}\n\nevent: done\ndata: {"type":"done"}\n\n';
    const events = (init.headers as Record<string, string>)['accept'] === 'text/event-stream';
    return Promise.resolve(new Response(events ? stream : '{}', { status: 200 }));
  });
  return { client, sent };
}

describe('the route table', () => {
  it('is the OpenAPI document: every agent route is in it, and nothing else', () => {
    const document = buildOpenApiDocument('test') as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => key(method, path)),
    );
    const forAgents = ROUTES.filter((route) => route.caller === 'agent').map((route) => key(route.method, route.path));
    expect(documented.sort()).toEqual(forAgents.sort());
  });

  it('is what the router serves: each path of the table reaches its own route', () => {
    for (const route of ROUTES) {
      const path = routePath(route, { id: 7 });
      const found = matchRoute(route.method, path, route.caller === 'ui' ? UI_ROUTES : undefined);
      expect(found && 'route' in found ? key(found.route.method, found.route.path) : undefined).toBe(
        key(route.method, route.path),
      );
    }
  });

  it("is where the web UI's client sends each operation", async () => {
    for (const route of ROUTES) {
      for (const operation of route.operations) {
        const { client, sent } = recordingClient();
        await CALLS[operation]!.call(client);
        expect([operation, sent]).toEqual([operation, [key(route.method, routePath(route, CALLS[operation]!.params))]]);
      }
    }
  });

  it('carries every operation of the operations table that has an HTTP route, each once, on the route the table gives it', () => {
    const carried = ROUTES.flatMap((route) =>
      route.operations.map((operation) => [operation, key(route.method, route.path)]),
    );
    const inTable = OPERATION_NAMES.flatMap((name) => {
      const { http } = OPERATIONS[name] as { http?: { method: string; path: string } };
      return http ? [[name, key(http.method, http.path)]] : [];
    });
    expect(carried.sort()).toEqual(inTable.sort());
  });

  it("is the web UI client's every method: the client is built from the table", () => {
    const { client } = recordingClient();
    const methods = Object.entries(client).flatMap(([name, value]) =>
      typeof value === 'function' ? [name] : Object.keys(value as object).map((member) => `${name}.${member}`),
    );
    expect(methods.sort()).toEqual([...OPERATION_NAMES].sort());
  });

  it('keeps who may call an operation: ui operations on ui routes, agent operations on agent routes', () => {
    for (const route of ROUTES)
      for (const operation of route.operations)
        expect([operation, OPERATIONS[operation].caller]).toEqual([operation, route.caller]);
  });
});
