/**
 * `lantern mcp` through the MCP SDK's own client, spawned exactly as the README's config runs it
 * (`node bin/lantern.js mcp`, the built CLI) with its own data dir. A stand-in Google on loopback
 * answers `coffee` with the recorded results page (the fixture web) and `espresso` with the
 * answer site's synthetic results page, whose results are article pages on another loopback
 * server. Those pages are read with the private-network permission, given the way an agent's
 * person would: `fetch.allowPrivateNetworks` in the data dir's settings.json (never a tool argument).
 * With the default settings the tools answer in text only; a second `lantern mcp`, on a data dir
 * where `lantern settings set mcp.structuredContent true` was run, adds the structured content.
 * The first client falls behind after a call's first progress step (StallingTransport), so the
 * rest of that call's steps reach it in the same read as the result.
 */
import { writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuiltFromCurrentSources } from '../support/built-output';
import { startAnswerSite, type AnswerSite } from '../support/answer-site';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web';
import { callToolWithProgress, StallingTransport } from '../support/mcp-progress';
import { PROJECT_ROOT, runCli, tempDataDir } from '../support/run-cli';

let fixture: FixtureWeb;
let site: AnswerSite;
let google: Server;
let googleOrigin: string;
let client: Client;
let transport: StallingTransport;
let stderr = '';
/** `lantern mcp` on a data dir of its own with mcp.structuredContent on. */
let structuredClient: Client;

/** One Google origin for both: `espresso` goes to the answer site's results, the rest to the fixture web. */
async function startRouter(): Promise<void> {
  google = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://x').searchParams.get('q') ?? '';
    const target = new URL(req.url ?? '/', query.toLowerCase().includes('espresso') ? site.engine : fixture.origin);
    const forward = httpRequest(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
  googleOrigin = `http://127.0.0.1:${(google.address() as AddressInfo).port}`;
}

function textOf(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

/** `lantern mcp` as the README's config runs it, on `dataDir`; its stderr goes to `onStderr`. */
async function mcpClient(
  dataDir: string,
  onStderr: (text: string) => void = () => {},
): Promise<{ client: Client; transport: StallingTransport }> {
  const stdio = new StdioClientTransport({
    command: 'node',
    args: ['bin/lantern.js', 'mcp'],
    cwd: PROJECT_ROOT,
    env: {
      ...(process.env as Record<string, string>),
      LANTERN_DATA_DIR: dataDir,
      LANTERN_ENGINE_URL_GOOGLE: googleOrigin,
      // Patient: other test files may be running browsers at the same time.
      LANTERN_PAGE_TIMEOUT_MS: '30000',
    },
    stderr: 'pipe',
  });
  stdio.stderr?.on('data', (chunk: Buffer) => onStderr(chunk.toString('utf8')));
  const stalling = new StallingTransport(stdio);
  const connected = new Client({ name: 'lantern-test', version: '0' });
  await connected.connect(stalling);
  return { client: connected, transport: stalling };
}

/** A data dir whose settings.json allows the loopback answer site, as the person would write it. */
function allowingLoopback(): string {
  const dataDir = tempDataDir();
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ version: 1, fetch: { allowPrivateNetworks: true } }));
  return dataDir;
}

beforeAll(async () => {
  assertBuiltFromCurrentSources(
    PROJECT_ROOT,
    'dist/cli.js',
    ['src/main', 'src/shared', 'package.json'],
    'npm run build:cli',
  );
  fixture = await startFixtureWeb();
  site = await startAnswerSite();
  await startRouter();
  ({ client, transport } = await mcpClient(allowingLoopback(), (text) => (stderr += text)));
  const structuredDir = allowingLoopback();
  const set = await runCli(['settings', 'set', 'mcp.structuredContent', 'true'], { LANTERN_DATA_DIR: structuredDir });
  expect(set.code).toBe(0);
  structuredClient = (await mcpClient(structuredDir)).client;
});

afterAll(async () => {
  await client?.close();
  await structuredClient?.close();
  await new Promise<void>((resolve) => google?.close(() => resolve()));
  await site?.close();
  await fixture?.close();
});

describe('lantern mcp over stdio', () => {
  it('lists web_search, web_fetch and research, each read-only and open-world, without output schemas by default', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['research', 'web_fetch', 'web_search']);
    for (const tool of tools) {
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true });
      expect(tool.outputSchema).toBeUndefined();
    }
    const search = tools.find((tool) => tool.name === 'web_search');
    expect(Object.keys(search?.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['query', 'queries', 'engine', 'limit', 'lang', 'region', 'time', 'format']),
    );
  });

  it('with mcp.structuredContent set, each tool declares what its structured content holds', async () => {
    const { tools } = await structuredClient.listTools();
    // The SDK's client then checks every result against its tool's schema.
    const outputs = Object.fromEntries(
      tools.map((tool) => [tool.name, Object.keys(tool.outputSchema?.properties ?? {})]),
    );
    expect(outputs.web_search).toEqual(['searches', 'failures']);
    expect(outputs.web_fetch).toEqual(['pages', 'failures']);
    expect(outputs.research).toEqual(
      expect.arrayContaining(['question', 'answer', 'answered', 'sources', 'sentences']),
    );
  });

  it('web_search answers in the compact text: the recorded coffee page, numbered from 0', async () => {
    const result = (await client.callTool({ name: 'web_search', arguments: { query: 'coffee' } })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(textOf(result).split('\n').slice(0, 9)).toEqual([
      "A Google search for 'coffee' found 10 results:",
      '',
      '0. Coffee',
      'Source: wikipedia.org',
      'Coffee is a beverage prepared from roasted coffee beans. Darkly colored, bitter, and slightly acidic, coffee has a stimulating effect on humans, ...',
      '',
      '1. The Coffee Bean & Tea Leaf | CBTL',
      'Source: coffeebean.com',
      'Born and brewed in Southern California since 1963, The Coffee Bean & Tea Leaf® is passionate about connecting loyal customers with carefully handcrafted ...',
    ]);
    expect(textOf(result)).not.toContain('https://');
    // Structured content only when the person's settings ask for it (mcp-http.test.ts has web_search's).
    expect(result.structuredContent).toBeUndefined();
  }, 90_000);

  it('web_fetch {index: 0} reads result 0 of the latest search, as untrusted content', async () => {
    const search = (await client.callTool({ name: 'web_search', arguments: { query: 'espresso' } })) as CallToolResult;
    expect(textOf(search)).toMatch(/^A Google search for 'espresso' found 3 results:\n\n0\. Espresso, explained\n/);
    const fetched = (await client.callTool({ name: 'web_fetch', arguments: { index: 0 } })) as CallToolResult;
    expect(fetched.isError).toBeFalsy();
    const text = textOf(fetched);
    expect(text.startsWith(`<untrusted_content source="${site.pages}/espresso">\n# Espresso, explained\n`)).toBe(true);
    expect(text).toContain('A single shot of espresso contains about 63 mg of caffeine.');
    expect(text.endsWith('</untrusted_content>')).toBe(true);
    expect(fetched.structuredContent).toBeUndefined();
    // With the setting, the structured copy keeps the page text inside its wrapper too: data, never instructions.
    const structuredFetch = (await structuredClient.callTool({
      name: 'web_fetch',
      arguments: { url: `${site.pages}/espresso` },
    })) as CallToolResult;
    expect(textOf(structuredFetch)).toBe(text);
    const structured = structuredFetch.structuredContent as {
      pages: Array<{ url: string; title: string; content: string }>;
      failures: unknown[];
    };
    expect(structured.failures).toEqual([]);
    expect(structured.pages).toHaveLength(1);
    expect(structured.pages[0]).toMatchObject({ url: `${site.pages}/espresso`, title: 'Espresso, explained' });
    expect(structured.pages[0]!.content).toBe(text);
  }, 90_000);

  it('research sends every progress step, in order, before the cited answer as untrusted content, to a client that fell behind', async () => {
    const question = 'How much caffeine is in a shot of espresso?';
    const urls = [`${site.pages}/espresso`, `${site.pages}/green-tea`];
    const { result, progress } = await callToolWithProgress(
      client,
      { name: 'research', arguments: { question, urls } },
      { timeout: 90_000 },
    );
    expect(result.isError).toBeFalsy();
    // The answer quotes the pages (extractive: their sentences verbatim), so it is data like them.
    const text = textOf(result);
    expect(
      text.startsWith(
        `Web search results for "How much caffeine is in a shot of espresso?":\n\n<untrusted_content source="web pages, cited as [n]">\n`,
      ),
    ).toBe(true);
    expect(text).toMatch(/\n[^\n]*63 mg[^\n]*\[1\][\s\S]*\nSources:\n\[1\] Espresso, explained \(/);
    expect(text).toContain(`[1] Espresso, explained (${site.pages}/espresso)`);
    expect(text.endsWith('\n</untrusted_content>')).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    // The client read the first step, then nothing until the result was written: the other five
    // steps came in the same read as the result, after it in the SDK's handling, and all arrived.
    expect(transport.bursts).toEqual([['progress', 'progress', 'progress', 'progress', 'progress', 'response']]);
    const messages = progress.map((p) => p.message);
    expect(messages).toHaveLength(6);
    expect(messages[4]).toMatch(/^checking… \d+% of quotes verified$/);
    expect(messages[5]).toMatch(/^done in \d+ ms$/);
    // The two pages are read at the same time: either may be done first.
    expect(messages[0]).toBe('found 2 sources');
    expect(
      messages
        .slice(1, 3)
        .map((m) => m?.replace(/^reading [12]\/2 \[[12]\] /, 'reading '))
        .sort(),
    ).toEqual([`reading ${site.pages}/espresso`, `reading ${site.pages}/green-tea`]);
    expect(messages[3]).toBe('writing…');
    expect(progress.map((p) => p.progress)).toEqual(progress.map((_, i) => i + 1));
  }, 90_000);

  it('research with mcp.structuredContent set: the structured answer is untrusted content too', async () => {
    const question = 'How much caffeine is in a shot of espresso?';
    const result = (await structuredClient.callTool(
      { name: 'research', arguments: { question, urls: [`${site.pages}/espresso`] } },
      CallToolResultSchema,
      {
        timeout: 90_000,
      },
    )) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain('\n<untrusted_content source="web pages, cited as [n]">\n');
    const structured = result.structuredContent as {
      answered: boolean;
      answer: string;
      sources: Array<{ n: number; url: string }>;
    };
    expect(structured.answered).toBe(true);
    expect(structured.answer).toMatch(
      /^<untrusted_content source="web pages, cited as \[n\]">\n[^<]*63 mg[^<]*\[1\][^<]*\n<\/untrusted_content>$/,
    );
    expect(structured.sources.find((source) => source.n === 1)?.url).toBe(`${site.pages}/espresso`);
  }, 90_000);

  it('a bad input is a tool result with isError and INVALID_INPUT', async () => {
    const empty = (await client.callTool({ name: 'web_search', arguments: { query: '  ' } })) as CallToolResult;
    expect(empty.isError).toBe(true);
    expect(textOf(empty)).toBe('INVALID_INPUT: Invalid search request: query: query is empty (got string "  ")');
    const tooMany = (await client.callTool({
      name: 'web_fetch',
      arguments: { urls: Array.from({ length: 21 }, (_, i) => `https://e${i}.com`) },
    })) as CallToolResult;
    expect(tooMany.isError).toBe(true);
    expect(textOf(tooMany)).toMatch(/^INVALID_INPUT: .*at most 20 urls per call/);
    // Wrong types and unknown arguments are Lantern's INVALID_INPUT too, naming the field, not a JSON-RPC error.
    const wrongType = (await client.callTool({ name: 'web_search', arguments: { query: 5 } })) as CallToolResult;
    expect(wrongType.isError).toBe(true);
    expect(textOf(wrongType)).toMatch(
      /^INVALID_INPUT: Invalid arguments for web_search: query: got number 5; allowed: a string/,
    );
    const unknown = (await client.callTool({
      name: 'web_search',
      arguments: { query: 'coffee', max_results: 3 },
    })) as CallToolResult;
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/^INVALID_INPUT: Invalid arguments for web_search: .*max_results/);
    const noSuchTool = (await client.callTool({
      name: 'web_searches',
      arguments: { query: 'coffee' },
    })) as CallToolResult;
    expect(noSuchTool.isError).toBe(true);
    expect(textOf(noSuchTool)).toBe(
      'NOT_FOUND: No tool named "web_searches": the tools are web_search, web_fetch, research, library_search.',
    );
  });

  it('keeps stdout for the protocol: its notes go to stderr', () => {
    expect(stderr).toContain('lantern mcp: serving on stdio');
  });
});
