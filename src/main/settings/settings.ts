import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { LanternError } from '../../shared/errors';
import { SETTINGS_VERSION, SettingsSchema, type Settings } from '../../shared/settings-contract';
import { validationError } from '../common/validation';

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
    throw new LanternError(
      'INVALID_INPUT',
      `${path} is not valid JSON; fix it or delete it to return to the defaults.`,
    );
  }
  let version = typeof data.version === 'number' ? data.version : SETTINGS_VERSION;
  if (version > SETTINGS_VERSION) {
    throw new LanternError(
      'INVALID_INPUT',
      `${path} was written by a newer Lantern (settings version ${version}, this one knows ${SETTINGS_VERSION}). Update Lantern.`,
    );
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
