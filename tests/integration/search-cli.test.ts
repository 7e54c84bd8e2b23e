import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchResponseSchema } from '../../src/shared/contract';
import { FIXTURE_QUERIES, startFixtureWeb, type FixtureWeb } from '../support/fixture-web';
import { chromiumProcessesFor } from '../support/chromium-processes';
import { launchedRuntime, runCliInProcess, tempDataDir } from '../support/run-cli';
import { join } from 'node:path';

let web: FixtureWeb;
beforeAll(async () => {
  web = await startFixtureWeb();
});
afterAll(async () => {
  await web.close();
});

function envFor(dataDir = tempDataDir()): Record<string, string> {
  return { LANTERN_ENGINE_URL_GOOGLE: web.origin, LANTERN_DATA_DIR: dataDir };
}

function expectWellFormedResults(stdout: string, count: number): void {
  const response = SearchResponseSchema.parse(JSON.parse(stdout));
  expect(response.results).toHaveLength(count);
  for (const [i, result] of response.results.entries()) {
    expect(result.index).toBe(i);
    expect(result.url).toMatch(/^https?:\/\//);
    expect(result.title.trim()).not.toBe('');
    expect(result.snippet.trim()).not.toBe('');
    expect(result.source).toMatch(/^[\p{L}\p{N}.-]+\.[\p{L}\p{N}-]+$/u);
  }
}

describe('lantern search (in process, real Chromium, fixture web)', () => {
  it('returns 10 well-formed results (the default limit) for coffee as JSON', async () => {
    const dataDir = tempDataDir();
    const run = await runCliInProcess(['search', 'coffee', '--json'], envFor(dataDir));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expectWellFormedResults(run.stdout, 10);
    expect(chromiumProcessesFor(join(dataDir, 'chromium-profile'))).toEqual([]);
  });

  it('searches a Chinese query, encoded correctly, with hl set from its script', async () => {
    const run = await runCliInProcess(['search', '餐具英语', '--json'], envFor());
    expect(run.code).toBe(0);
    expectWellFormedResults(run.stdout, 10);
    const asked = web.requests.find((path) => path.includes('%E9%A4%90%E5%85%B7%E8%8B%B1%E8%AF%AD'));
    expect(asked).toBeDefined();
    expect(asked).toContain('hl=zh-CN');
  });

  it('prints a readable numbered list without --json', async () => {
    const run = await runCliInProcess(['search', 'coffee', '--limit', '3'], envFor());
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ 1\. .+\n {4}https?:\/\/\S+\n/m);
    expect(run.stdout).toMatch(/^ 3\. /m);
    expect(run.stdout).not.toMatch(/^ 4\. /m);
    expect(run.stdout).toMatch(/3 results from google in \d+ ms/);
  });

  it('exits 3 with CAPTCHA_REQUIRED when Google answers /sorry/, asking only once', async () => {
    const before = web.requests.filter((path) => path.startsWith('/sorry/')).length;
    const run = await runCliInProcess(['search', FIXTURE_QUERIES.captcha, '--json'], envFor());
    expect(run.code).toBe(3);
    const body = JSON.parse(run.stdout) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('CAPTCHA_REQUIRED');
    expect(body.error.message).toMatch(/CAPTCHA/);
    expect(web.requests.filter((path) => path.startsWith('/sorry/')).length - before).toBe(1);
  });

  it('exits 2 on an empty query without looking for or launching a browser', async () => {
    // A browser path that does not exist: if the CLI tried to launch, it would fail differently.
    const env = { ...envFor(), LANTERN_CHROME: '/nonexistent/chrome' };
    for (const query of ['', '   ']) {
      const run = await runCliInProcess(['search', query, '--json'], env);
      expect(run.code).toBe(2);
      expect(JSON.parse(run.stdout)).toMatchObject({ error: { code: 'INVALID_INPUT' } });
    }
  });

  it('exits 4 with TIMEOUT naming the default limit and the page stage when the server hangs', async () => {
    // The browser is launched before the command starts, so the product's default budget (5,000
    // ms, from the settings) holds only the page that never answers: the stage is the page's.
    const runtime = await launchedRuntime(envFor(), (warm) =>
      warm.search({ query: 'coffee', engine: 'google', limit: 1 }, { noCache: true }),
    );
    try {
      const run = await runCliInProcess(['search', FIXTURE_QUERIES.hang, '--json'], envFor(), { runtime });
      expect(run.code).toBe(4);
      const body = JSON.parse(run.stdout) as {
        error: { code: string; message: string; details: { stage: string; timeoutMs: number } };
      };
      expect(body.error.code).toBe('TIMEOUT');
      expect(body.error.message).toContain('did not finish within 5000 ms');
      expect(body.error.details).toMatchObject({ stage: 'waiting for the page to respond', timeoutMs: 5000 });
    } finally {
      await runtime.close();
    }
  });

  it('honours --timeout', async () => {
    // The page never answers: the budget that ended the search is the one the error names (at
    // whichever stage it ran out, the launch's or the page's: this is about the flag).
    const run = await runCliInProcess(['--timeout', '1500', 'search', FIXTURE_QUERIES.hang, '--json'], envFor());
    expect(run.code).toBe(4);
    const body = JSON.parse(run.stdout) as { error: { code: string; message: string; details: { timeoutMs: number } } };
    expect(body.error.code).toBe('TIMEOUT');
    expect(body.error.message).toContain('1500 ms');
    expect(body.error.details.timeoutMs).toBe(1500);
  });

  it('exits 1 with BROWSER_NOT_FOUND and how to fix it when LANTERN_CHROME is wrong', async () => {
    const run = await runCliInProcess(['search', 'coffee', '--json', '--no-cache'], {
      ...envFor(),
      LANTERN_CHROME: '/nonexistent/chrome',
    });
    expect(run.code).toBe(1);
    const body = JSON.parse(run.stdout) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('BROWSER_NOT_FOUND');
    expect(body.error.message).toContain('/nonexistent/chrome');
  });

  it('answers bad flags with exit 2 and a clear message', async () => {
    const badLimit = await runCliInProcess(['search', 'coffee', '--limit', 'lots'], envFor());
    expect(badLimit.code).toBe(2);
    expect(badLimit.stderr).toContain('--limit must be a whole number');
    const badEngine = await runCliInProcess(['search', 'coffee', '--engine', 'altavista', '--json'], envFor());
    expect(badEngine.code).toBe(2);
    expect(JSON.parse(badEngine.stdout)).toMatchObject({ error: { code: 'INVALID_INPUT' } });
    const badTime = await runCliInProcess(['search', 'coffee', '--time', 'century'], envFor());
    expect(badTime.code).toBe(2);
  });
});

describe("lantern search keeps the person's history", () => {
  it('records each search as a thread that history list, search and export find', async () => {
    const env = envFor();
    expect((await runCliInProcess(['search', '餐具英语', '--engine', 'google', '--limit', '3'], env)).code).toBe(0);
    const list = await runCliInProcess(['history', 'list', '--json'], env);
    expect(list.code).toBe(0);
    const threads = JSON.parse(list.stdout) as Array<{ id: number; title: string; turnCount: number }>;
    expect(threads).toHaveLength(1);
    expect(threads[0]).toMatchObject({ title: '餐具英语', turnCount: 1 });

    const found = await runCliInProcess(['history', 'search', '餐具', '--json'], env);
    expect(found.stdout).toContain('餐具英语');

    const exported = await runCliInProcess(['history', 'export', String(threads[0]!.id), '--md'], env);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toMatch(/^\[\^1\]: .+ <https?:\/\/\S+>$/m);
  });
});
