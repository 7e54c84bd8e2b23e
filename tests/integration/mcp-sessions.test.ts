/**
 * Many agents on one `lantern serve`: MCP over streamable HTTP at /mcp mounted as
 * lantern-server.ts mounts it, with the MCP SDK's own clients. Each client keeps a GET event
 * stream open for its whole session; those streams and the sessions' own traffic are not work
 * (src/main/doors/http/limits.ts), so a hundred connected agents leave the health check, searches and
 * tool calls free, while a burst of work still meets the rate limit. Sessions end after 30
 * minutes idle and are capped, the one idle the longest making room first (src/main/doors/mcp/http.ts);
 * a fake clock stands in for the waiting.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthResponseSchema } from '../../src/shared/http-contract';
import { DEFAULT_LIMITS } from '../../src/main/doors/http/limits';
import { MCP_SESSION_IDLE_MS, mcpOverHttp, type McpHttpOptions } from '../../src/main/doors/mcp/http';
import { createLanternMcpServer } from '../../src/main/doors/mcp/server';
import { ErrorResponseSchema } from '../../src/shared/contract';
import { goodHeaders, rawRequest, startTestApi, type TestApi } from '../support/api-server';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web';
import { startSilentServer } from '../support/silent-server';

interface Agent {
  client: Client;
  transport: StreamableHTTPClientTransport;
  /** The HTTP status its event stream (GET /mcp) was answered with, once it was. */
  stream: Promise<number>;
  close(): Promise<void>;
}

interface Door {
  api: TestApi;
  mcp: ReturnType<typeof mcpOverHttp>;
  /** How many of the door's MCP servers have been closed. */
  closedServers: () => number;
}

/** The test API with the MCP door mounted as lantern-server.ts mounts it, its session count in /v1/health. */
async function startDoor(
  env: Record<string, string>,
  limitsNow: (() => number) | undefined,
  mcpOptions: McpHttpOptions,
): Promise<Door> {
  let closed = 0;
  // The session count is read only once the door below is mounted.
  const api = await startTestApi(env, {
    limits: { ...DEFAULT_LIMITS, ...(limitsNow ? { now: limitsNow } : {}) },
    mcpSessions: () => mcp.sessionCount(),
  });
  const mcp = mcpOverHttp(() => {
    const server = createLanternMcpServer(api.runtime, { version: 'test' });
    server.onclose = () => void (closed += 1);
    return server;
  }, mcpOptions);
  api.server.mount('/mcp', (req, res, admitWork) => mcp.handle(req, res, admitWork));
  return { api, mcp, closedServers: () => closed };
}

async function connect(door: Door): Promise<Agent> {
  let streamAnswered!: (status: number) => void;
  const stream = new Promise<number>((resolve) => (streamAnswered = resolve));
  const transport = new StreamableHTTPClientTransport(new URL(`${door.api.server.url}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${door.api.token()}` } },
    // The SDK opens the event stream after initialisation without waiting for it: this tells when it is open.
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      if (init?.method === 'GET') streamAnswered(response.status);
      return response;
    },
  });
  const client = new Client({ name: 'lantern-many-agents', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    transport,
    stream,
    async close() {
      await transport.terminateSession().catch(() => undefined);
      await client.close();
    },
  };
}

async function health(door: Door): Promise<{ status: number; mcpSessions: number | undefined }> {
  const response = await rawRequest(door.api.server.port, { path: '/v1/health', headers: goodHeaders(door.api) });
  return {
    status: response.status,
    mcpSessions: response.status === 200 ? HealthResponseSchema.parse(response.json()).mcpSessions : undefined,
  };
}

function firstText(result: Awaited<ReturnType<Client['callTool']>>): string {
  return (result.content as Array<{ text: string }>)[0]!.text;
}

describe('a hundred agents connected over MCP', () => {
  let web: FixtureWeb;
  let door: Door;
  // The rate limit's clock stands still: the bucket does not refill while the test runs.
  beforeAll(async () => {
    web = await startFixtureWeb();
    door = await startDoor({ LANTERN_ENGINE_URL_GOOGLE: web.origin }, () => 0, {});
  });
  afterAll(async () => {
    await door?.mcp.close();
    await door?.api.close();
    await web?.close();
  });

  it('leave the health check, a search and a tool call free; a burst of work is still limited; closing them ends their sessions', async () => {
    const agents = await Promise.all(Array.from({ length: 100 }, () => connect(door)));
    expect(await Promise.all(agents.map((agent) => agent.stream))).toEqual(Array.from({ length: 100 }, () => 200));
    expect(await health(door)).toEqual({ status: 200, mcpSessions: 100 });

    // Listing tools is bookkeeping: all hundred at once, past the cap of 8 in flight.
    const lists = await Promise.all(agents.map((agent) => agent.client.listTools()));
    expect(lists.every(({ tools }) => tools.length === 3)).toBe(true);

    const search = await rawRequest(door.api.server.port, {
      method: 'POST',
      path: '/v1/search',
      headers: goodHeaders(door.api),
      body: JSON.stringify({ query: 'coffee', engine: 'google', limit: 3 }),
    });
    expect(search.status).toBe(200);
    const call = await agents[0]!.client.callTool({ name: 'web_search', arguments: { query: 'coffee', limit: 3 } });
    expect(call.isError).toBeFalsy();
    expect(firstText(call).split('\n')[0]).toBe("A Google search for 'coffee' found 3 results:");

    // Two pieces of work so far; the rest of the bucket goes to a burst of history reads.
    const burst: number[] = [];
    for (let i = 0; i < DEFAULT_LIMITS.perMinute; i++) {
      burst.push(
        (await rawRequest(door.api.server.port, { path: '/v1/history', headers: goodHeaders(door.api) })).status,
      );
    }
    expect(burst.filter((status) => status === 200)).toHaveLength(DEFAULT_LIMITS.perMinute - 2);
    expect(burst.slice(-2)).toEqual([429, 429]);
    await expect(
      agents[1]!.client.callTool({ name: 'web_search', arguments: { query: 'coffee', limit: 3 } }),
    ).rejects.toThrow(/RATE_LIMITED/);
    expect((await health(door)).status).toBe(200);

    await Promise.all(agents.map((agent) => agent.close()));
    expect(await health(door)).toEqual({ status: 200, mcpSessions: 0 });
    expect(door.closedServers()).toBe(100);
  }, 120_000);
});

describe('MCP sessions end when idle, and make room when full', () => {
  let clock = 0;
  let door: Door;
  let silent: Awaited<ReturnType<typeof startSilentServer>>;
  beforeAll(async () => {
    silent = await startSilentServer();
    door = await startDoor({ LANTERN_ENGINE_URL_GOOGLE: 'http://127.0.0.1:9' }, undefined, {
      maxSessions: 2,
      now: () => clock,
    });
    // The silent server is on loopback, a private address.
    await door.api.runtime.settings.update({ fetch: { allowPrivateNetworks: true } });
  });
  afterAll(async () => {
    await door?.mcp.close();
    await door?.api.close();
    await silent?.close();
  });

  it('ends a session after 30 minutes without a request, not one that asked something since', async () => {
    const quiet = await connect(door);
    const active = await connect(door);
    await Promise.all([quiet.stream, active.stream]);
    clock += MCP_SESSION_IDLE_MS - 60_000;
    await active.client.listTools();
    clock += 60_000;
    const closedBefore = door.closedServers();
    expect(await health(door)).toEqual({ status: 200, mcpSessions: 1 });
    expect(door.closedServers() - closedBefore).toBe(1);
    await expect(quiet.client.listTools()).rejects.toThrow(/NOT_FOUND/);
    expect((await active.client.listTools()).tools).toHaveLength(3);
    await Promise.all([quiet.close(), active.close()]);
    expect((await health(door)).mcpSessions).toBe(0);
  });

  it('ends the session idle the longest when a new one needs its place', async () => {
    const first = await connect(door);
    clock += 1000;
    const second = await connect(door);
    clock += 1000;
    await first.client.listTools();
    clock += 1000;
    const closedBefore = door.closedServers();
    const third = await connect(door);
    expect(door.closedServers() - closedBefore).toBe(1);
    expect((await health(door)).mcpSessions).toBe(2);
    await expect(second.client.listTools()).rejects.toThrow(/NOT_FOUND/);
    expect((await first.client.listTools()).tools).toHaveLength(3);
    expect((await third.client.listTools()).tools).toHaveLength(3);
    await Promise.all([first.close(), second.close(), third.close()]);
    expect((await health(door)).mcpSessions).toBe(0);
  });

  it('keeps a session with a call under way, refuses a new one when all are busy, and frees a cancelled call', async () => {
    // web_fetch of a server that never answers: a call under way for as long as the test wants.
    const hanging = { name: 'web_fetch', arguments: { url: `${silent.origin}/page` } };
    const agents = [await connect(door), await connect(door)];
    const cancel = agents.map(() => new AbortController());
    const calls = agents.map((agent, i) => agent.client.callTool(hanging, undefined, { signal: cancel[i]!.signal }));
    await expect.poll(() => silent.accepted(), { timeout: 20_000 }).toBe(2);
    clock += MCP_SESSION_IDLE_MS * 2;
    expect((await health(door)).mcpSessions).toBe(2);
    await expect(connect(door)).rejects.toThrow(/RATE_LIMITED/);

    // Cancelled, each call's response ends: its session is idle again and its place in flight free.
    cancel.forEach((controller) => controller.abort());
    await Promise.allSettled(calls);
    // Time goes on until both sessions have been idle long enough: only once their calls' responses ended.
    await expect
      .poll(
        () => {
          clock += MCP_SESSION_IDLE_MS;
          return door.mcp.sessionCount();
        },
        { timeout: 20_000 },
      )
      .toBe(0);
    await Promise.all(agents.map((agent) => agent.close()));
  });

  it('refuses a request without a session that is not an initialisation, and starts no session', async () => {
    const refused = await rawRequest(door.api.server.port, {
      method: 'POST',
      path: '/mcp',
      headers: goodHeaders(door.api),
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    });
    expect(refused.status).toBe(400);
    expect(ErrorResponseSchema.parse(refused.json()).error.code).toBe('INVALID_INPUT');
    expect((await health(door)).mcpSessions).toBe(0);
  });
});
