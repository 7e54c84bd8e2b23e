import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettings, saveSettings, settingsPath } from '../../src/main/settings/settings';
import { SettingsService } from '../../src/main/settings/settings-service';

const dir = (): string => mkdtempSync(join(tmpdir(), 'lantern-test-'));

describe('settings', () => {
  it('gives the defaults when no file exists', () => {
    const settings = loadSettings(dir());
    expect(settings.engines).toEqual(['google', 'bing', 'duckduckgo']);
    expect(settings.consent).toBe('reject');
    expect(settings.pageTimeoutMs).toBe(5000);
    expect(settings.fetch.allowPrivateNetworks).toBe(false);
    expect(settings.mcp.structuredContent).toBe(false);
  });

  it('round-trips through an atomic write', () => {
    const dataDir = dir();
    const settings = loadSettings(dataDir);
    saveSettings(dataDir, {
      ...settings,
      engines: ['bing'],
      fetch: { ...settings.fetch, proxy: 'http://127.0.0.1:3128' },
    });
    const again = loadSettings(dataDir);
    expect(again.engines).toEqual(['bing']);
    expect(again.fetch.proxy).toBe('http://127.0.0.1:3128');
    expect(JSON.parse(readFileSync(settingsPath(dataDir), 'utf8')).version).toBe(1);
  });

  it('loads a version-1 file written before search.lang/search.region existed, and keeps them once saved', () => {
    const dataDir = dir();
    writeFileSync(settingsPath(dataDir), JSON.stringify({ version: 1, engines: ['bing'], pageTimeoutMs: 8000 }));
    const old = loadSettings(dataDir);
    expect(old).toMatchObject({ engines: ['bing'], pageTimeoutMs: 8000, search: {} });
    expect(old.search.lang).toBeUndefined();
    // Written before the mcp section existed too: its default, no upgrade needed.
    expect(old.mcp).toEqual({ structuredContent: false });
    saveSettings(dataDir, { ...old, search: { lang: 'de', region: 'at' } });
    expect(loadSettings(dataDir).search).toEqual({ lang: 'de', region: 'at' });
    writeFileSync(settingsPath(dataDir), JSON.stringify({ search: { region: 'Germany' } }));
    expect(() => loadSettings(dataDir)).toThrow(/search\.region: region must be a two-letter country code/);
  });

  it('refuses a broken file, a bad value and a newer version with a clear message', () => {
    const dataDir = dir();
    writeFileSync(settingsPath(dataDir), '{ not json');
    expect(() => loadSettings(dataDir)).toThrow(/not valid JSON/);
    writeFileSync(settingsPath(dataDir), JSON.stringify({ engines: ['altavista'] }));
    expect(() => loadSettings(dataDir)).toThrow(/engines/);
    writeFileSync(settingsPath(dataDir), JSON.stringify({ version: 99 }));
    expect(() => loadSettings(dataDir)).toThrow(/newer Lantern/);
  });
});

describe('SettingsService.follow', () => {
  // The watch reports through inotify; a wait on the outcome, never a fixed sleep.
  const until = { timeout: 10_000, interval: 20 };

  it('applies a file saved by another process, refuses an invalid edit keeping the settings in force, and stops when told', async () => {
    const dataDir = dir();
    const service = new SettingsService(dataDir);
    const refused: string[] = [];
    const stop = service.follow((message) => refused.push(message));
    try {
      expect(service.current().pageTimeoutMs).toBe(5000);

      // As `lantern settings set` in another process writes it: a temporary file renamed over.
      saveSettings(dataDir, { ...service.current(), pageTimeoutMs: 9000 });
      await expect.poll(() => service.current().pageTimeoutMs, until).toBe(9000);

      // A person's editor writes in place.
      writeFileSync(settingsPath(dataDir), JSON.stringify({ pageTimeoutMs: 7000 }));
      await expect.poll(() => service.current().pageTimeoutMs, until).toBe(7000);

      writeFileSync(settingsPath(dataDir), '{ "pageTimeoutMs": 6000,');
      await expect.poll(() => refused.length, until).toBe(1);
      expect(refused[0]).toMatch(/settings in force stay: .*settings\.json is not valid JSON/);
      expect(service.current().pageTimeoutMs).toBe(7000);

      writeFileSync(settingsPath(dataDir), JSON.stringify({ consent: 'sometimes' }));
      await expect.poll(() => refused.length, until).toBe(2);
      expect(refused[1]).toMatch(/consent/);
      expect(service.current().consent).toBe('reject');
    } finally {
      stop();
    }
    // Stopped: a second follower sees two later changes; by its second, the first has long reached every watch.
    const witness = new SettingsService(dataDir);
    const stopWitness = witness.follow();
    try {
      saveSettings(dataDir, { ...service.current(), pageTimeoutMs: 4000 });
      await expect.poll(() => witness.current().pageTimeoutMs, until).toBe(4000);
      saveSettings(dataDir, { ...service.current(), pageTimeoutMs: 3000 });
      await expect.poll(() => witness.current().pageTimeoutMs, until).toBe(3000);
      expect(service.current().pageTimeoutMs).toBe(7000);
    } finally {
      stopWitness();
    }
  });
});
