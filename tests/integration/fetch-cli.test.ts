/** `lantern fetch` over a real fetch service and a loopback server. */
import http from 'node:http';
import type net from 'node:net';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerFetchCommand } from '../../src/main/doors/cli/fetch-command';
import { FetchBatchSchema, FetchPageSchema } from '../../src/shared/fetch-contract';
import { createFetchService, type FetchService } from '../../src/main/fetch/service';
import { LanternError } from '../../src/shared/errors';

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/notes.txt')
      res.writeHead(200, { 'content-type': 'text/plain' }).end('# Field notes\n\n' + 'word '.repeat(300));
    else if (req.url === '/page')
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          '<html><head><title>A page</title></head><body><article><p>Readable paragraph for the terminal.</p></article></body></html>',
        );
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function run(args: string[], fetchService?: FetchService): Promise<{ out: string[]; error?: LanternError }> {
  const out: string[] = [];
  const service =
    fetchService ??
    createFetchService({
      resolveResult: (session, _searchId, index) => {
        if (session !== 'cli-session' || index !== 0) throw new LanternError('NOT_FOUND', `no result ${index}`);
        return { url: `${base}/page` };
      },
    });
  const program = new Command('lantern').exitOverride();
  registerFetchCommand(program, { api: () => service, out: (text) => out.push(text), session: 'cli-session' });
  try {
    await program.parseAsync(['fetch', ...args], { from: 'user' });
    return { out };
  } catch (error) {
    return { out, error: error as LanternError };
  }
}

describe('lantern fetch', () => {
  it('prints title, URL and Markdown by default', async () => {
    const { out, error } = await run([`${base}/page`, '--allow-private']);
    expect(error).toBeUndefined();
    expect(out).toHaveLength(1);
    const lines = out[0]!.split('\n');
    expect(lines[0]).toBe('# A page');
    expect(lines[1]).toBe(`${base}/page`);
    expect(out[0]).toContain('Readable paragraph for the terminal.');
  });

  it('prints the response as JSON with --json, honouring --max-chars and --offset', async () => {
    const { out } = await run([
      `${base}/notes.txt`,
      '--allow-private',
      '--json',
      '--max-chars',
      '200',
      '--offset',
      '10',
    ]);
    const page = FetchPageSchema.parse(JSON.parse(out[0]!));
    expect(page.markdown.length).toBeLessThanOrEqual(200);
    expect(page.markdown.startsWith('tes\n\nword')).toBe(true); // '# Field notes…' from character 10
    expect(page).toMatchObject({ truncated: true, title: 'Field notes' });
  });

  it('fetches several URLs as a batch and shows failures in place', async () => {
    const { out } = await run([`${base}/page`, `${base}/gone`, '--allow-private', '--json']);
    const batch = FetchBatchSchema.parse(JSON.parse(out[0]!));
    expect(batch.results.map((r) => r.ok)).toEqual([true, false]);
    const readable = await run([`${base}/page`, `${base}/gone`, '--allow-private']);
    expect(readable.out[0]).toMatch(/✗ http:\/\/127\.0\.0\.1:\d+\/gone\n {2}error FETCH_FAILED: .*HTTP 404/);
  });

  it('refuses loopback without --allow-private', async () => {
    const { error } = await run([`${base}/page`]);
    expect(error?.code).toBe('BLOCKED_URL');
  });

  it('resolves --index through the session', async () => {
    const { out } = await run(['--index', '0', '--allow-private']);
    expect(out[0]).toContain('# A page');
    expect((await run(['--index', '3', '--allow-private'])).error?.code).toBe('NOT_FOUND');
  });

  it('rejects contradictory or empty arguments', async () => {
    expect((await run([])).error?.code).toBe('INVALID_INPUT');
    expect((await run(['https://a.test', '--index', '1'])).error?.code).toBe('INVALID_INPUT');
    expect((await run(['--search', 'abc'])).error?.code).toBe('INVALID_INPUT');
    expect((await run(['https://a.test', '--max-chars', 'lots'])).error).toBeDefined();
  });
});
