/**
 * `lantern search … --json` then `lantern fetch --index 0 --json` as two runs, each with its own
 * runtime as each process has: the second resolves result 0 through the SQLite store in the data
 * dir and fetches that page.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchPageSchema } from '../../src/shared/fetch-contract';
import { SearchResponseSchema } from '../../src/shared/contract';
import { runCliInProcess, tempDataDir } from '../support/run-cli';

const RESULTS = new URL('../fixtures/google/local-results.html', import.meta.url);
const ARTICLE = (title: string): string => `<!doctype html><html lang="en"><head><title>${title}</title></head><body>
<nav><a href="/">Home</a> · <a href="/about">About</a></nav>
<article><h1>${title}</h1>
${Array.from({ length: 8 }, (_, i) => `<p>Paragraph ${i + 1} about ${title.toLowerCase()}: keepers trimmed wicks, polished lenses and logged every ship that passed the headland through the long winter nights.</p>`).join('\n')}
</article><footer>© Test site</footer></body></html>`;

let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/search') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(readFileSync(RESULTS, 'utf8').replaceAll('{{ORIGIN}}', origin));
    } else if (path === '/articles/lighthouses') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(ARTICLE('A short history of lighthouses'));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('search, then fetch a result by index through the store', () => {
  it('fetches result 0 of the latest search, and says NOT_FOUND for an unknown index or search', async () => {
    const env = { LANTERN_DATA_DIR: tempDataDir(), LANTERN_ENGINE_URL_GOOGLE: origin };
    const search = await runCliInProcess(['search', 'lantern test', '--engine', 'google', '--json'], env);
    expect(search.code).toBe(0);
    const response = SearchResponseSchema.parse(JSON.parse(search.stdout));
    expect(response.results[0]?.url).toBe(`${origin}/articles/lighthouses`);

    // 127.0.0.1 is a private address: the CLI's --allow-private lets this local test site through.
    const fetched = await runCliInProcess(['fetch', '--index', '0', '--json', '--allow-private'], env);
    expect(fetched.stderr).toBe('');
    expect(fetched.code).toBe(0);
    const page = FetchPageSchema.parse(JSON.parse(fetched.stdout));
    expect(page.finalUrl).toBe(`${origin}/articles/lighthouses`);
    expect(page.title).toBe('A short history of lighthouses');
    expect(page.markdown).toContain('keepers trimmed wicks');
    expect(page.markdown).not.toContain('About');

    const outOfRange = await runCliInProcess(['fetch', '--index', '5', '--json', '--allow-private'], env);
    expect(outOfRange.code).toBe(1);
    const outOfRangeError = JSON.parse(outOfRange.stdout) as { error: { code: string; message: string } };
    expect(outOfRangeError.error.code).toBe('NOT_FOUND');
    expect(outOfRangeError.error.message).toMatch(/out of range.*2 results/);

    const unknown = await runCliInProcess(['fetch', '--index', '0', '--search', 'no-such-search', '--json'], env);
    expect(JSON.parse(unknown.stdout)).toMatchObject({ error: { code: 'NOT_FOUND' } });

    // Without --allow-private the same page is refused before any connection.
    const blocked = await runCliInProcess(['fetch', '--index', '0', '--json'], env);
    expect(JSON.parse(blocked.stdout)).toMatchObject({ error: { code: 'BLOCKED_URL' } });
  });
});
