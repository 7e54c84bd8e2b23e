/**
 * electron-builder.yml as electron-builder itself reads and validates it (its own schema, no
 * download), what it promises (fuses, the native module unpacked, a target per platform), and the
 * icons it names.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const require = createRequire(join(root, 'package.json'));
// electron-builder's own loader and validator (app-builder-lib is what `electron-builder` runs).
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  getConfig(projectDir: string, configPath: string | null, configFromOptions: null): Promise<Record<string, unknown>>;
  validateConfiguration(config: Record<string, unknown>, debugLogger: unknown): Promise<void>;
};
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

async function loadConfig(): Promise<Record<string, unknown>> {
  return getConfig(root, join(root, 'electron-builder.yml'), null);
}

describe('electron-builder.yml', () => {
  it("passes electron-builder's schema check", async () => {
    const config = await loadConfig();
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('is really checked: a wrong value is refused by the same check', async () => {
    const config = await loadConfig();
    const broken = { ...config, electronFuses: { ...(config.electronFuses as object), runAsNode: 'no' } };
    await expect(validateConfiguration(broken, new DebugLogger(false))).rejects.toThrow(/runAsNode/);
  });

  it('flips the fuses: no RunAsNode, cookie encryption, ASAR integrity, load only from the ASAR', async () => {
    expect((await loadConfig()).electronFuses).toMatchObject({
      runAsNode: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
    });
  });

  it('unpacks better-sqlite3 from the asar and builds AppImage, deb, dmg and nsis', async () => {
    const config = (await loadConfig()) as {
      asarUnpack: string[];
      linux: { target: string[] };
      mac: { target: string[] };
      win: { target: string[] };
    };
    expect(config.asarUnpack).toContain('**/node_modules/better-sqlite3/**');
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.win.target).toEqual(['nsis']);
  });
});

describe('the icons in build/', () => {
  const pngSize = (file: string): number[] => {
    const data = readFileSync(join(root, file));
    expect(data.subarray(1, 4).toString('ascii')).toBe('PNG');
    return [data.readUInt32BE(16), data.readUInt32BE(20)];
  };

  it('has a PNG per size for Linux, named as electron-builder expects', () => {
    for (const size of [16, 32, 48, 64, 128, 256, 512])
      expect(pngSize(`build/icons/${size}x${size}.png`)).toEqual([size, size]);
  });

  it('has an ICNS with 512 px for macOS and an ICO with 256 px for Windows', () => {
    const icns = readFileSync(join(root, 'build/icon.icns'));
    expect(icns.subarray(0, 4).toString('ascii')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    expect(icns.includes(Buffer.from('ic09'))).toBe(true);
    const ico = readFileSync(join(root, 'build/icon.ico'));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const entries = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => ico[6 + 16 * i] || 256);
    expect(entries).toContain(256);
  });
});
