/**
 * `lantern search --engine all` and fallback through the built CLI (`npm run build:cli`), with
 * real Chromium and three fixture engines on 127.0.0.1 named by LANTERN_ENGINE_URL_<ENGINE>.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SearchResponseSchema } from '../../src/shared/contract';
import { chromiumProcessesFor } from '../support/chromium-processes';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web';
import { runCli, tempDataDir } from '../support/run-cli';
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

describe('lantern search with several engines (built CLI, real Chromium, fixture web)', () => {
  it('--engine all fuses the engines that answered, names each result\'s engines, and lists the one that did not', async () => {
    duckWeb.blockEverySearch('captcha');
    const dataDir = tempDataDir();
    const run = await runCli(['search', 'coffee', '--engine', 'all', '--limit', '30', '--json'], envFor(dataDir));
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
    const run = await runCli(['search', 'matrix', '--limit', '3', '--json'], envFor(tempDataDir()));
    expect(run.code).toBe(0);
    const response = SearchResponseSchema.parse(JSON.parse(run.stdout));
    expect(response.engine).toBe('bing');
    expect(response.fallbacks).toEqual([expect.objectContaining({ engine: 'google', code: 'CAPTCHA_REQUIRED' })]);
    expect(response.results).toHaveLength(3);
  });

  it('without --engine, exits 3 with CAPTCHA_REQUIRED and every engine\'s reason when Google wants a CAPTCHA and Bing does not answer', async () => {
    googleWeb.blockEverySearch('captcha');
    const silentBing = await startSilentServer();
    const duckBefore = duckWeb.requests.length;
    try {
      // Bing's timeout ends the round, so DuckDuckGo is never asked. The budget counts from the
      // process's start, so it must leave a loaded machine time to launch Chromium for Google.
      const env = { ...envFor(tempDataDir()), LANTERN_ENGINE_URL_BING: silentBing.origin, LANTERN_PAGE_TIMEOUT_MS: '8000' };
      const text = await runCli(['search', 'coffee'], env);
      expect(text.code).toBe(3);
      const lines = text.stderr.trim().split('\n');
      expect(lines[0]).toBe('error CAPTCHA_REQUIRED: no engine answered.');
      expect(lines.slice(1)).toEqual([
        expect.stringMatching(/^ {2}google: CAPTCHA_REQUIRED: Google wants a person to solve a CAPTCHA .*lantern search --interactive/),
        expect.stringMatching(/^ {2}bing: TIMEOUT: http:\/\/127\.0\.0\.1:\d+ did not finish within 8000 ms/),
      ]);

      const json = await runCli(['search', 'coffee', '--json'], env);
      expect(json.code).toBe(3);
      const body = JSON.parse(json.stdout) as { error: { code: string; details: { fallbacks: Array<{ engine: string; code: string }> } } };
      expect(body.error.code).toBe('CAPTCHA_REQUIRED');
      expect(body.error.details.fallbacks.map((f) => [f.engine, f.code])).toEqual([
        ['google', 'CAPTCHA_REQUIRED'],
        ['bing', 'TIMEOUT'],
      ]);
      expect(duckWeb.requests.slice(duckBefore)).toEqual([]);
    } finally {
      await silentBing.close();
    }
  });

  it('--engine all fails with the reasons of every engine when none answers', async () => {
    for (const web of [googleWeb, bingWeb, duckWeb]) web.blockEverySearch('captcha');
    const run = await runCli(['search', 'coffee', '--engine', 'all', '--json'], envFor(tempDataDir()));
    expect(run.code).toBe(3);
    const body = JSON.parse(run.stdout) as { error: { code: string; message: string; details: { fallbacks: Array<{ engine: string; code: string }> } } };
    expect(body.error.code).toBe('CAPTCHA_REQUIRED');
    expect(body.error.details.fallbacks.map((f) => [f.engine, f.code])).toEqual([
      ['google', 'CAPTCHA_REQUIRED'],
      ['bing', 'CAPTCHA_REQUIRED'],
      ['duckduckgo', 'CAPTCHA_REQUIRED'],
    ]);
  });
});
