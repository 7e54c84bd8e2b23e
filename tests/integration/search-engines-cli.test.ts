/**
 * `lantern search --engine all` and fallback, the CLI run in process (tests/support/run-cli.ts),
 * with real Chromium and three fixture engines on 127.0.0.1 named by LANTERN_ENGINE_URL_<ENGINE>.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SearchResponseSchema } from '../../src/shared/contract';
import { chromiumProcessesFor } from '../support/chromium-processes';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web';
import { launchedRuntime, runCliInProcess, tempDataDir } from '../support/run-cli';
import { startSilentServer } from '../support/silent-server';

let googleWeb: FixtureWeb;
let bingWeb: FixtureWeb;
let duckWeb: FixtureWeb;
beforeAll(async () => {
  [googleWeb, bingWeb, duckWeb] = await Promise.all([
    startFixtureWeb(),
    startFixtureWeb({ engine: 'bing' }),
    startFixtureWeb({ engine: 'duckduckgo' }),
  ]);
});
afterAll(async () => {
  await Promise.all([googleWeb.close(), bingWeb.close(), duckWeb.close()]);
});
beforeEach(() => {
  for (const web of [googleWeb, bingWeb, duckWeb]) web.blockEverySearch(undefined);
});

/** The default settings: engines google, bing, duckduckgo, each pointed at its fixture. */
function envFor(dataDir: string): Record<string, string> {
  return {
    LANTERN_DATA_DIR: dataDir,
    LANTERN_ENGINE_URL_GOOGLE: googleWeb.origin,
    LANTERN_ENGINE_URL_BING: bingWeb.origin,
    LANTERN_ENGINE_URL_DUCKDUCKGO: duckWeb.origin,
  };
}

describe('lantern search with several engines (in process, real Chromium, fixture web)', () => {
  it("--engine all fuses the engines that answered, names each result's engines, and lists the one that did not", async () => {
    duckWeb.blockEverySearch('captcha');
    const dataDir = tempDataDir();
    const run = await runCliInProcess(
      ['search', 'coffee', '--engine', 'all', '--limit', '30', '--json'],
      envFor(dataDir),
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const response = SearchResponseSchema.parse(JSON.parse(run.stdout));

    expect(response.engine).toBe('all');
    expect(response.fallbacks).toEqual([expect.objectContaining({ engine: 'duckduckgo', code: 'CAPTCHA_REQUIRED' })]);
    expect(response.results).toHaveLength(30);
    expect(response.results.map((r) => r.index)).toEqual([...Array(30).keys()]);
    for (const result of response.results) {
      expect(result.engines?.length).toBeGreaterThan(0);
      for (const engine of result.engines ?? []) expect(['google', 'bing']).toContain(engine);
    }
    const byUrl = new Map(response.results.map((r) => [r.url.replace(/^https?:\/\/(www\.)?/, ''), r]));
    // The one page in both recorded coffee lists (Bing's 3rd, Google's 20th) names both engines and,
    // by reciprocal rank fusion, ranks first: 1/63 + 1/80 beats any single first place (1/61).
    expect(byUrl.get('medicalnewstoday.com/articles/270202')?.engines?.sort()).toEqual(['bing', 'google']);
    expect(response.results[0]?.url).toContain('medicalnewstoday.com/articles/270202');
    // Bing's first result, which Google's page does not have.
    expect(byUrl.get('wordreference.com/es/translation.asp?tranword=coffee')?.engines).toEqual(['bing']);
    expect(response.results.filter((r) => r.engines?.includes('google'))).toHaveLength(27);
    // Each engine was asked (DuckDuckGo once, blocked); no Chromium is left behind.
    expect(googleWeb.requests.some((p) => p.startsWith('/search?q=coffee'))).toBe(true);
    expect(bingWeb.requests.some((p) => p.startsWith('/search?q=coffee'))).toBe(true);
    expect(duckWeb.requests.filter((p) => p.startsWith('/html/?q=coffee'))).toHaveLength(1);
    expect(chromiumProcessesFor(join(dataDir, 'chromium-profile'))).toEqual([]);
  });

  it('without --engine, answers from Bing when Google wants a CAPTCHA, and says so', async () => {
    googleWeb.blockEverySearch('captcha');
    const run = await runCliInProcess(['search', 'matrix', '--limit', '3', '--json'], envFor(tempDataDir()));
    expect(run.code).toBe(0);
    const response = SearchResponseSchema.parse(JSON.parse(run.stdout));
    expect(response.engine).toBe('bing');
    expect(response.fallbacks).toEqual([expect.objectContaining({ engine: 'google', code: 'CAPTCHA_REQUIRED' })]);
    expect(response.results).toHaveLength(3);
  });

  it("without --engine, exits 3 with CAPTCHA_REQUIRED and every engine's reason when Google wants a CAPTCHA and Bing does not answer", async () => {
    const silentBing = await startSilentServer();
    const duckBefore = duckWeb.requests.length;
    // Each command runs on a runtime whose browser was launched (by a search Google answered)
    // before it started, with a fresh runtime for each, as a process has. The budget then holds
    // Google's CAPTCHA page and Bing's page that never answers: Bing's TIMEOUT names the page
    // stage and the budget, and ends the round, so DuckDuckGo is never asked.
    const env = { ...envFor(tempDataDir()), LANTERN_ENGINE_URL_BING: silentBing.origin };
    /** `lantern <args>` on a launched runtime of its own, closed after it (the profile is one process's). */
    const runLaunched = async (args: string[]) => {
      googleWeb.blockEverySearch(undefined);
      const runtime = await launchedRuntime(env, (warm) =>
        warm.search({ query: 'coffee', engine: 'google', limit: 1 }, { noCache: true }),
      );
      try {
        await runtime.settings.update({ pageTimeoutMs: 4000 });
        googleWeb.blockEverySearch('captcha');
        return await runCliInProcess(args, env, { runtime });
      } finally {
        await runtime.close();
      }
    };
    try {
      const text = await runLaunched(['search', 'coffee']);
      expect(text.code).toBe(3);
      const lines = text.stderr.trim().split('\n');
      expect(lines[0]).toBe('error CAPTCHA_REQUIRED: no engine answered.');
      expect(lines.slice(1)).toEqual([
        expect.stringMatching(
          /^ {2}google: CAPTCHA_REQUIRED: Google wants a person to solve a CAPTCHA .*lantern search --interactive/,
        ),
        expect.stringMatching(/^ {2}bing: TIMEOUT: http:\/\/127\.0\.0\.1:\d+ did not finish within 4000 ms/),
      ]);

      const json = await runLaunched(['search', 'coffee', '--json']);
      expect(json.code).toBe(3);
      const body = JSON.parse(json.stdout) as {
        error: { code: string; details: { fallbacks: Array<{ engine: string; code: string; message: string }> } };
      };
      expect(body.error.code).toBe('CAPTCHA_REQUIRED');
      expect(body.error.details.fallbacks.map((f) => [f.engine, f.code])).toEqual([
        ['google', 'CAPTCHA_REQUIRED'],
        ['bing', 'TIMEOUT'],
      ]);
      expect(body.error.details.fallbacks[1]!.message).toMatch(/did not finish within 4000 ms/);
      expect(duckWeb.requests.slice(duckBefore)).toEqual([]);
    } finally {
      await silentBing.close();
    }
  });

  it('--engine all fails with the reasons of every engine when none answers', async () => {
    for (const web of [googleWeb, bingWeb, duckWeb]) web.blockEverySearch('captcha');
    const run = await runCliInProcess(['search', 'coffee', '--engine', 'all', '--json'], envFor(tempDataDir()));
    expect(run.code).toBe(3);
    const body = JSON.parse(run.stdout) as {
      error: { code: string; message: string; details: { fallbacks: Array<{ engine: string; code: string }> } };
    };
    expect(body.error.code).toBe('CAPTCHA_REQUIRED');
    expect(body.error.details.fallbacks.map((f) => [f.engine, f.code])).toEqual([
      ['google', 'CAPTCHA_REQUIRED'],
      ['bing', 'CAPTCHA_REQUIRED'],
      ['duckduckgo', 'CAPTCHA_REQUIRED'],
    ]);
  });
});
