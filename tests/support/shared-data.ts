import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * ../shared/data beside the checkout (never copied into the repository). LANTERN_SHARED_DATA
 * names it for a copy of the tree elsewhere (Stryker's sandbox, stryker.config.mjs).
 */
export const SHARED_DATA =
  process.env.LANTERN_SHARED_DATA || resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/data');

/**
 * Path inside ../shared/data. Under CI=true a missing folder is a failure, not a skip: CI always
 * has it beside the clone. Elsewhere the caller can skip with `sharedDataAvailable()`.
 */
export function sharedData(...parts: string[]): string {
  const path = resolve(SHARED_DATA, ...parts);
  if (!existsSync(path)) {
    throw new Error(`Recorded data missing: ${path}. Tests read ../shared/data beside the checkout; clone it there.`);
  }
  return path;
}

/** True when ../shared/data is present; under CI=true always true (sharedData() then throws). */
export function sharedDataAvailable(): boolean {
  return process.env.CI === 'true' || existsSync(SHARED_DATA);
}
