import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as z from 'zod';
import { EngineIdSchema } from '../shared/contract';
import { LanternError } from '../shared/errors';
import { validationError } from './validation';

/** Bump with a numbered upgrade in UPGRADES when the shape changes. */
export const SETTINGS_VERSION = 1;

export const SettingsSchema = z.object({
  version: z.literal(SETTINGS_VERSION).default(SETTINGS_VERSION),
  /** Engines in the order they are tried; the next answers when one is blocked or unreachable. */
  engines: z.array(EngineIdSchema).min(1).default(['google', 'bing', 'duckduckgo']),
  /** How a consent wall is answered once per session without asking. */
  consent: z.enum(['reject', 'accept']).default('reject'),
  /** Page budget for one engine page, browser launch included. */
  pageTimeoutMs: z.number().int().min(100).max(600_000).default(5_000),
  /** Recent searches answered from the store for this long. */
  resultCacheTtlMs: z.number().int().min(0).default(10 * 60_000),
  fetch: z
    .object({
      /** Let fetch reach private, loopback and link-local addresses. */
      allowPrivateNetworks: z.boolean().default(false),
      /** CIDR ranges to treat as public (proxies with fake-IP DNS, e.g. 198.18.0.0/15). */
      publicRanges: z.array(z.string()).default([]),
      /** An http(s) proxy URL every fetch goes through (the render fallback's browser too). */
      proxy: z.url({ protocol: /^https?$/ }).optional(),
      /**
       * Render script-built pages even where Chromium's sandbox cannot start (Lantern running as
       * root, e.g. in a container). Off by default: an untrusted page would run unsandboxed.
       */
      renderWithoutSandbox: z.boolean().default(false),
    })
    .prefault({}),
});
export type Settings = z.output<typeof SettingsSchema>;

/** Numbered upgrades: UPGRADES[n] turns a version-n file into version n+1. */
const UPGRADES: Record<number, (old: Record<string, unknown>) => Record<string, unknown>> = {};

export function settingsPath(dataDir: string): string {
  return join(dataDir, 'settings.json');
}

/** Reads settings.json (defaults when it does not exist); a broken file is a clear INVALID_INPUT. */
export function loadSettings(dataDir: string): Settings {
  const path = settingsPath(dataDir);
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return SettingsSchema.parse({});
    throw error;
  }
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    throw new LanternError('INVALID_INPUT', `${path} is not valid JSON; fix it or delete it to return to the defaults.`);
  }
  let version = typeof data.version === 'number' ? data.version : SETTINGS_VERSION;
  if (version > SETTINGS_VERSION) {
    throw new LanternError('INVALID_INPUT', `${path} was written by a newer Lantern (settings version ${version}, this one knows ${SETTINGS_VERSION}). Update Lantern.`);
  }
  while (version < SETTINGS_VERSION) {
    const upgrade = UPGRADES[version];
    if (!upgrade) break;
    data = { ...upgrade(data), version: ++version };
  }
  const parsed = SettingsSchema.safeParse(data);
  if (!parsed.success) throw validationError(`settings in ${path}`, parsed.error);
  return parsed.data;
}

/** Writes settings atomically: a crash mid-write leaves the old file, never half a file. */
export function saveSettings(dataDir: string, settings: Settings): void {
  const path = settingsPath(dataDir);
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(SettingsSchema.parse(settings), null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, path);
}
