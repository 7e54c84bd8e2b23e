import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettings, saveSettings, settingsPath } from '../../src/main/settings';

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
    saveSettings(dataDir, { ...settings, engines: ['bing'], fetch: { ...settings.fetch, proxy: 'http://127.0.0.1:3128' } });
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
