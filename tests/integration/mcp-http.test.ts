/**
 * The MCP server over streamable HTTP at /mcp of the local API, with the MCP SDK's own client:
 * behind the same guard (no token → 401, no MCP handler runs), one MCP session per client, and
 * the same tools as over stdio, against the fixture web and the answer site; the mcp.structuredContent setting read
 * at each list and call.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpOverHttp } from '../../src/main/doors/mcp/http';
import { createLanternMcpServer } from '../../src/main/doors/mcp/server';
import { startAnswerSite, type AnswerSite } from '../support/answer-site';
import { goodHeaders, rawRequest, startTestApi, type TestApi } from '../support/api-server';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web';
import { callToolWithProgress, StallingTransport } from '../support/mcp-progress';

let web: FixtureWeb;
let site: AnswerSite;
let api: TestApi;
let mcp: ReturnType<typeof mcpOverHttp>;
beforeAll(async () => {
  web = await startFixtureWeb();
  site = await startAnswerSite();
  api = await startTestApi({ LANTERN_ENGINE_URL_GOOGLE: web.origin });
  // The article pages are on 127.0.0.1: allowed by the person's settings, as in mcp-stdio.test.ts.
  await api.runtime.settings.update({ fetch: { allowPrivateNetworks: true } });
  mcp = mcpOverHttp(() => createLanternMcpServer(api.runtime, { version: 'test' }));
  api.server.mount('/mcp', (req, res, admitWork) => mcp.handle(req, res, admitWork));
});
afterAll(async () => {
  await mcp?.close();
  await api?.close();
  await site?.close();
  await web?.close();
});

function client(token: string): { client: Client; transport: StreamableHTTPClientTransport } {
  const transport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${api.server.port}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  return { client: new Client({ name: 'lantern-test', version: '1.0.0' }), transport };
}

describe('MCP over streamable HTTP at /mcp', () => {
  it('refuses a client without the token before any MCP handler runs', async () => {
    const port = api.server.port;
    const initialize = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    });
    const anonymous = await rawRequest(port, {
      method: 'POST',
      path: '/mcp',
      headers: { host: `127.0.0.1:${port}`, 'content-type': 'application/json' },
      body: initialize,
    });
    expect(anonymous.status).toBe(401);
    const { client: refused, transport } = client('wrong-token');
    await expect(refused.connect(transport)).rejects.toThrow(/UNAUTHORIZED/);
    // An unknown session id is a clear 404, not a new session.
    const stale = await rawRequest(port, {
      method: 'POST',
      path: '/mcp',
      headers: goodHeaders(api, { 'mcp-session-id': 'no-such-session' }),
      body: initialize,
    });
    expect(stale.status).toBe(404);
  });

  it('lists the three tools and runs web_search in compact form', async () => {
    const { client: agent, transport } = client(api.token());
    await agent.connect(transport);
    try {
      expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
      const { tools } = await agent.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(['research', 'web_fetch', 'web_search']);
      const result = await agent.callTool({ name: 'web_search', arguments: { query: 'coffee', limit: 3 } });
      expect(result.isError).toBeFalsy();
      const text = (result.content as Array<{ type: string; text: string }>)[0]!.text;
      expect(text.split('\n')[0]).toBe("A Google search for 'coffee' found 3 results:");
      expect(text).not.toMatch(/https?:\/\//);
      const bad = await agent.callTool({ name: 'web_search', arguments: { query: '   ' } });
      expect(bad.isError).toBe(true);
      expect((bad.content as Array<{ text: string }>)[0]!.text).toMatch(/^INVALID_INPUT: /);
    } finally {
      await transport.terminateSession().catch(() => undefined);
      await agent.close();
    }
  });

  it('adds output schemas and structured content once mcp.structuredContent is on, at the next list and call of the same session', async () => {
    const { client: agent, transport } = client(api.token());
    await agent.connect(transport);
    const search = async (): Promise<unknown> => {
      const result = await agent.callTool({ name: 'web_search', arguments: { query: 'coffee', limit: 3 } });
      expect(result.isError).toBeFalsy();
      return result.structuredContent;
    };
    const schemas = async (): Promise<string[]> =>
      (await agent.listTools()).tools.filter((tool) => tool.outputSchema).map((tool) => tool.name);
    try {
      expect(await schemas()).toEqual([]);
      expect(await search()).toBeUndefined();

      await api.runtime.settings.update({ mcp: { structuredContent: true } });
      // For programs, the results with their addresses, as the output schema says.
      const structured = (await search()) as {
        searches: Array<{ query: string; results: Array<{ index: number; url: string }> }>;
      };
      expect(structured.searches.map((one) => one.query)).toEqual(['coffee']);
      expect(structured.searches[0]!.results[0]).toMatchObject({
        index: 0,
        url: 'https://en.wikipedia.org/wiki/Coffee',
      });
      expect(await schemas()).toEqual(['web_search', 'web_fetch', 'research']);

      // Turned off again: a client that was given the schemas still gets structured content (the
      // SDK's client refuses a result without it) until it lists the tools again.
      await api.runtime.settings.update({ mcp: { structuredContent: false } });
      expect(await search()).toBeDefined();
      expect(await schemas()).toEqual([]);
      expect(await search()).toBeUndefined();
    } finally {
      await api.runtime.settings.update({ mcp: { structuredContent: false } });
      await transport.terminateSession().catch(() => undefined);
      await agent.close();
    }
  });

  it('research asks in a thread given by threadId, and says which thread to pass back', async () => {
    const first = await api.runtime.answer(
      { question: 'What is the film Parasite about?', urls: [`${site.pages}/green-tea`] },
      { recordHistory: true, allowPrivateNetworks: true },
    );
    const { client: agent, transport } = client(api.token());
    await agent.connect(transport);
    try {
      const result = await agent.callTool({
        name: 'research',
        arguments: { question: 'Who directed it?', urls: [`${site.pages}/espresso`], threadId: first.threadId },
      });
      expect(result.isError).toBeFalsy();
      const text = (result.content as Array<{ text: string }>)[0]!.text;
      expect(text).toContain('Searched for: Who directed Parasite?');
      expect(text.endsWith(`\n\nThread ${first.threadId}: pass threadId=${first.threadId} to follow up.`)).toBe(true);
      const unknown = await agent.callTool({
        name: 'research',
        arguments: { question: 'Who directed it?', urls: [`${site.pages}/espresso`], threadId: 9999 },
      });
      expect(unknown.isError).toBe(true);
      expect((unknown.content as Array<{ text: string }>)[0]!.text).toMatch(
        /^NOT_FOUND: No thread 9999 in the history/,
      );
    } finally {
      await transport.terminateSession().catch(() => undefined);
      await agent.close();
    }
  }, 60_000);

  it('sends every research progress step, in order, before the answer, to a client that fell behind', async () => {
    const { client: agent, transport: http } = client(api.token());
    const transport = new StallingTransport(http);
    await agent.connect(transport);
    try {
      const { result, progress } = await callToolWithProgress(
        agent,
        {
          name: 'research',
          arguments: { question: 'How much caffeine is in a shot of espresso?', urls: [`${site.pages}/espresso`] },
        },
        { timeout: 60_000 },
      );
      expect(result.isError).toBeFalsy();
      expect((result.content as Array<{ text: string }>)[0]!.text).toContain(
        `[1] Espresso, explained (${site.pages}/espresso)`,
      );
      // The client read the first step, then nothing until the answer was written, then all of it.
      expect(transport.bursts).toEqual([['progress', 'progress', 'progress', 'progress', 'response']]);
      const steps = [
        'found 1 source',
        `reading 1/1 [1] ${site.pages}/espresso`,
        'writing…',
        'checking… 100% of quotes verified',
      ];
      expect(progress.map((p) => p.message?.replace(/^done in \d+ ms$/, 'done'))).toEqual([...steps, 'done']);
      expect(progress.map((p) => p.progress)).toEqual([1, 2, 3, 4, 5]);
    } finally {
      await http.terminateSession().catch(() => undefined);
      await agent.close();
    }
  }, 60_000);
});
