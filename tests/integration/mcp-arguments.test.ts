/**
 * The MCP tools' newer arguments through the MCP SDK's own client against `lantern mcp` as the
 * README runs it (`node bin/lantern.js mcp`, the built CLI) over stdio: web_fetch with a
 * question, the cap every tool takes (max_tokens, start_index), the domains, the coercions the
 * contract applies (a number as a string, a list as its JSON text), an INVALID_INPUT naming the
 * field, what was sent and what is allowed for each kind of wrong argument, and `--tools`.
 * The stand-in Google and the article pages are the answer site's (tests/support/answer-site.ts),
 * read with the private-network permission as a person gives it: in the data dir's settings.json.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLES, startAnswerSite, type AnswerSite } from '../support/answer-site';
import { assertBuiltFromCurrentSources } from '../support/built-output';
import { PROJECT_ROOT, runCli, tempDataDir } from '../support/run-cli';

let site: AnswerSite;
let client: Client;
let subsetClient: Client;

const tokens = (text: string): number => encode(text, { disallowedSpecial: new Set() }).length;

function textOf(result: unknown): string {
  const first = (result as CallToolResult).content[0];
  return first?.type === 'text' ? first.text : '';
}

/** A data dir whose settings.json allows the loopback answer site, as the person would write it. */
function allowingLoopback(): string {
  const dataDir = tempDataDir();
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ version: 1, fetch: { allowPrivateNetworks: true } }));
  return dataDir;
}

async function mcpClient(args: string[] = []): Promise<Client> {
  const transport = new StdioClientTransport({
    command: 'node',
    args: ['bin/lantern.js', 'mcp', ...args],
    cwd: PROJECT_ROOT,
    env: {
      ...(process.env as Record<string, string>),
      LANTERN_DATA_DIR: allowingLoopback(),
      LANTERN_ENGINE_URL_GOOGLE: site.engine,
      LANTERN_PAGE_TIMEOUT_MS: '30000',
    },
    stderr: 'pipe',
  });
  const connected = new Client({ name: 'lantern-arguments-test', version: '0' });
  await connected.connect(transport);
  return connected;
}

beforeAll(async () => {
  assertBuiltFromCurrentSources(
    PROJECT_ROOT,
    'dist/cli.js',
    ['src/main', 'src/shared', 'package.json'],
    'npm run build:cli',
  );
  site = await startAnswerSite();
  client = await mcpClient();
  subsetClient = await mcpClient(['--tools', 'web_search,web_fetch']);
});

afterAll(async () => {
  await client?.close();
  await subsetClient?.close();
  await site?.close();
});

const call = async (name: string, args: Record<string, unknown>): Promise<CallToolResult> =>
  (await client.callTool({ name, arguments: args }, undefined, { timeout: 90_000 })) as CallToolResult;

describe('web_fetch with a question', () => {
  const question = 'How much caffeine is in a shot of espresso?';
  const answer = ARTICLES['/espresso'].paragraphs[1];

  it('returns the passage that holds the answer, first, with its range, within max_tokens, as untrusted content', async () => {
    const result = await call('web_fetch', { url: `${site.pages}/espresso`, question, max_tokens: 150 });
    expect(result.isError).toBeFalsy();
    const text = textOf(result);
    expect(tokens(text)).toBeLessThanOrEqual(150);
    expect(text.startsWith(`<untrusted_content source="${site.pages}/espresso">\n# Espresso, explained\n\n[`)).toBe(
      true,
    );
    const [, start, end, first] =
      /^<untrusted_content[^>]*>\n# [^\n]+\n\n\[(\d+)-(\d+)\]\n([\s\S]*?)(?:\n\n\[\d+-\d+\]\n|\n<\/untrusted_content>)/.exec(
        text,
      ) ?? [];
    expect(first).toContain(answer);
    // A passage of the page, not the page: it does not fit in the cap whole.
    expect(Number(start)).toBeGreaterThan(0);
    expect(Number(end) - Number(start)).toBe(first!.length);
    expect(text).toContain('</untrusted_content>\n(');
    // The range is the passage's place in the page's markdown, as web_fetch without a question reads it.
    const whole = textOf(await call('web_fetch', { url: `${site.pages}/espresso` }));
    const markdown = whole.slice(
      whole.indexOf('\n# Espresso, explained\n\n') + '\n# Espresso, explained\n\n'.length,
      whole.lastIndexOf('\n</untrusted_content>'),
    );
    expect(markdown.slice(Number(start), Number(end))).toBe(first);
  });
});

describe('the cap every tool takes', () => {
  it('cuts an answer at max_tokens and says how to go on', async () => {
    const first = textOf(await call('web_search', { query: 'espresso', format: 'json', max_tokens: 200 }));
    expect(tokens(first)).toBeLessThanOrEqual(200);
    expect(first).toMatch(/\n\n\[\d+ more characters: pass start_index=\d+\]$/);
  });

  it('goes on from start_index where the cut was, the wrapper closed at the cut and opened again after it', async () => {
    const question = 'How much caffeine is in a shot of espresso?';
    const urls = [`${site.pages}/espresso`, `${site.pages}/green-tea`];
    // The extractive answer of the same pages is the same text each time.
    const whole = textOf(await call('research', { question, urls }));
    expect(tokens(whole)).toBeGreaterThan(100);
    const cut = textOf(await call('research', { question, urls, max_tokens: 100 }));
    expect(tokens(cut)).toBeLessThanOrEqual(100);
    const [, more, next] = /\n\n\[(\d+) more characters: pass start_index=(\d+)\]$/.exec(cut) ?? [];
    const kept = cut.slice(0, cut.lastIndexOf('\n\n['));
    expect(kept).toBe(`${whole.slice(0, Number(next))}\n</untrusted_content>`);
    expect(Number(more)).toBe(whole.length - Number(next));
    const rest = textOf(await call('research', { question, urls, start_index: Number(next) }));
    expect(rest).toBe(`<untrusted_content source="web pages, cited as [n]">\n${whole.slice(Number(next))}`);
  });
});

describe('arguments as agents send them', () => {
  it('takes a number as a string and a list as its JSON text, and sends the engine its -site:', async () => {
    const before = site.searches.length;
    const result = await call('web_search', { query: 'espresso', limit: '2', exclude_domains: '["spam.example"]' });
    expect(result.isError).toBeFalsy();
    expect(textOf(result).split('\n')[0]).toBe("A Google search for 'espresso' found 2 results:");
    const sent = site.searches.slice(before).map((path) => new URL(path, 'http://x').searchParams.get('q'));
    expect(sent[0]).toBe('espresso -site:spam.example');
  });

  it.each([
    [
      'a wrong type',
      'web_search',
      { query: 'coffee', limit: 'ten' },
      'Invalid arguments for web_search: limit: got string "ten"; allowed: a number',
    ],
    [
      'a number out of range',
      'web_search',
      { query: 'coffee', limit: 0 },
      'Invalid search request: limit: got number 0; allowed: at least 1',
    ],
    [
      'a value not among the choices',
      'web_search',
      { query: 'coffee', engine: 'yahoo' },
      'engine: got string "yahoo"; allowed: one of "google", "bing", "duckduckgo", "baidu", "brave", "all"',
    ],
    [
      'an unknown argument',
      'web_search',
      { query: 'coffee', max_results: 3 },
      'Invalid arguments for web_search: max_results: not a field of this arguments for web_search',
    ],
    [
      'a bad domain',
      'web_search',
      { query: 'coffee', site: 'not a domain' },
      'site: must be a domain such as "example.com" (got string "not a domain")',
    ],
    [
      'a list that is not one',
      'web_fetch',
      { urls: 5 },
      'Invalid arguments for web_fetch: urls: got number 5; allowed: a list (JSON array)',
    ],
    [
      'a cap too small',
      'web_fetch',
      { url: 'https://example.com', max_tokens: 10 },
      'Invalid arguments for web_fetch: max_tokens: got number 10; allowed: a whole number of at least 100',
    ],
    [
      'a question that is empty',
      'web_fetch',
      { url: 'https://example.com', question: ' ' },
      'question: question is empty (got string " ")',
    ],
  ])('names the field, what was sent and what is allowed: %s', async (_kind, name, args, message) => {
    const result = await call(name, args);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^INVALID_INPUT: /);
    expect(textOf(result)).toContain(message);
  });
});

describe('lantern mcp --tools', () => {
  it('offers only the tools named, and no other', async () => {
    const { tools } = await subsetClient.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['web_search', 'web_fetch']);
    const refused = (await subsetClient.callTool({ name: 'research', arguments: { question: 'q' } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe('NOT_FOUND: No tool named "research": the tools are web_search, web_fetch.');
  });

  it('refuses a name that is no tool, naming the flag and the tools', async () => {
    const run = await runCli(['mcp', '--tools', 'web_search,browse'], { LANTERN_DATA_DIR: tempDataDir() });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(
      '--tools: got "browse"; allowed: a comma-separated list of web_search, web_fetch, research, library_search.',
    );
  });
});
