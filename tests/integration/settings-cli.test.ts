/** `lantern settings` and the damaged-store warning, through the CLI run in process. */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeRuntime } from '../../src/main/app/node-runtime';
import { runCliInProcess, tempDataDir } from '../support/run-cli';

let dataDir: string;
beforeEach(() => {
  dataDir = tempDataDir();
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const lantern = (...args: string[]) => runCliInProcess(args, { LANTERN_DATA_DIR: dataDir });
const savedSettings = () => JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')) as Record<string, unknown>;

describe('lantern settings', () => {
  it('shows, changes (value as JSON or text) and resets the settings file', async () => {
    const shown = await lantern('settings', '--json');
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({ engines: ['google', 'bing', 'duckduckgo'], pageTimeoutMs: 5000 });

    expect((await lantern('settings', 'set', 'pageTimeoutMs', '8000')).code).toBe(0);
    expect((await lantern('settings', 'set', 'engines', '["bing","google"]')).code).toBe(0);
    const set = await lantern('settings', 'set', 'consent', 'accept', '--json');
    expect(JSON.parse(set.stdout)).toMatchObject({
      pageTimeoutMs: 8000,
      engines: ['bing', 'google'],
      consent: 'accept',
    });
    expect(savedSettings()).toMatchObject({ pageTimeoutMs: 8000, engines: ['bing', 'google'], consent: 'accept' });

    const reset = await lantern('settings', 'reset');
    expect(reset.code).toBe(0);
    expect(savedSettings()).toMatchObject({ pageTimeoutMs: 5000, consent: 'reject' });
  });

  it("turns the MCP tools' structured content on and off (off by default)", async () => {
    expect(JSON.parse((await lantern('settings', '--json')).stdout)).toMatchObject({
      mcp: { structuredContent: false },
    });
    const on = await lantern('settings', 'set', 'mcp.structuredContent', 'true', '--json');
    expect(on.code).toBe(0);
    expect(JSON.parse(on.stdout)).toMatchObject({ mcp: { structuredContent: true } });
    expect(savedSettings()).toMatchObject({ mcp: { structuredContent: true } });
    expect((await lantern('settings', 'set', 'mcp.structuredContent', 'false')).code).toBe(0);
    expect(savedSettings()).toMatchObject({ mcp: { structuredContent: false } });
  });

  it('sets, shows and clears the search language and region; refuses a bad one by name', async () => {
    expect((await lantern('settings', 'set', 'search.region', 'de')).code).toBe(0);
    const set = await lantern('settings', 'set', 'search.lang', 'de', '--json');
    expect(set.code).toBe(0);
    expect(JSON.parse(set.stdout).search).toEqual({ lang: 'de', region: 'de' });
    expect(JSON.parse((await lantern('settings', 'get', '--json')).stdout).search).toEqual({
      lang: 'de',
      region: 'de',
    });
    expect(savedSettings()).toMatchObject({
      search: { lang: 'de', region: 'de' },
      engines: ['google', 'bing', 'duckduckgo'],
    });

    const badRegion = await lantern('settings', 'set', 'search.region', 'Germany');
    expect(badRegion.code).toBe(2);
    expect(badRegion.stderr).toMatch(
      /^error INVALID_INPUT: Invalid settings change: search\.region: region must be a two-letter country code such as "us"/,
    );
    const badLang = await lantern('settings', 'set', 'search.lang', 'German', '--json');
    expect(badLang.code).toBe(2);
    expect(JSON.parse(badLang.stdout).error).toMatchObject({ code: 'INVALID_INPUT' });
    expect(JSON.parse(badLang.stdout).error.message).toContain(
      'search.lang: lang must be a language tag such as "en" or "zh-CN"',
    );
    expect(savedSettings()).toMatchObject({ search: { lang: 'de', region: 'de' } });

    expect((await lantern('settings', 'set', 'search.region', 'null')).code).toBe(0);
    expect(savedSettings().search).toEqual({ lang: 'de' });
  });

  it('refuses an unknown key or a bad value with exit code 2 and the field named', async () => {
    const unknown = await lantern('settings', 'set', 'pageTimeout', '8000');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /^error INVALID_INPUT: Invalid settings change: pageTimeout: not a field of this settings change/,
    );
    const bad = await lantern('settings', 'set', 'fetch.publicRanges', '["10.0.0.0/99"]', '--json');
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stdout).error).toMatchObject({ code: 'INVALID_INPUT' });
    expect(JSON.parse(bad.stdout).error.message).toContain('fetch.publicRanges.0: "10.0.0.0/99" is not a CIDR range');
  });
});

describe('a damaged store', () => {
  it('is moved aside and reported on stderr; the command goes on with a fresh store', async () => {
    writeFileSync(join(dataDir, 'lantern.db'), 'not a database '.repeat(500));
    const run = await lantern('history');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('No threads yet');
    const moved = readdirSync(dataDir).filter((name) => name.startsWith('lantern.db.corrupt-'));
    expect(moved).toHaveLength(1);
    expect(run.stderr).toMatch(/^warning: The Lantern store was damaged \(SQLITE_NOTADB/);
    expect(run.stderr).toContain(join(dataDir, moved[0]!));
  });
});

describe('a running Lantern and `lantern settings set` in another process', () => {
  it('applies the change to the running one, and keeps its settings when the file is edited into something invalid', async () => {
    const warnings: string[] = [];
    // What `lantern serve` and the desktop app run on; nothing here starts a browser.
    const running = createNodeRuntime({
      env: { LANTERN_DATA_DIR: dataDir },
      onWarning: (message) => warnings.push(message),
    });
    const until = { timeout: 10_000, interval: 20 };
    try {
      expect((await running.settings.get()).pageTimeoutMs).toBe(5000);
      expect((await lantern('settings', 'set', 'pageTimeoutMs', '9000')).code).toBe(0);
      await expect.poll(async () => (await running.settings.get()).pageTimeoutMs, until).toBe(9000);

      writeFileSync(join(dataDir, 'settings.json'), '{"pageTimeoutMs": "soon"}');
      await expect.poll(() => warnings.length, until).toBe(1);
      expect(warnings[0]).toMatch(/settings in force stay: .*pageTimeoutMs/);
      expect((await running.settings.get()).pageTimeoutMs).toBe(9000);
    } finally {
      await running.close();
    }
  });
});
