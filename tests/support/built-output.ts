import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Throws unless `output` exists and is newer than every file of `sources` (files, or folders searched through): tests of a
 * bundle must not pass or fail on code that is no longer in the tree. `npm test` builds first;
 * a single test file run after an edit needs `buildCommand` first.
 */
export function assertBuiltFromCurrentSources(
  root: string,
  output: string,
  sources: readonly string[],
  buildCommand: string,
): void {
  const builtAt = modifiedAt(join(root, output));
  if (builtAt === undefined) throw new Error(`${output} is missing: run \`${buildCommand}\` (npm test builds first).`);
  for (const source of sources) {
    const newer = newestFile(join(root, source));
    if (newer && newer.modifiedAt > builtAt) {
      throw new Error(
        `${output} is older than ${relative(root, newer.path)}: run \`${buildCommand}\` (npm test builds first).`,
      );
    }
  }
}

function modifiedAt(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/** The most recently modified file at `path` (a file, or a folder searched through). */
function newestFile(path: string): { path: string; modifiedAt: number } | undefined {
  if (statSync(path).isFile()) return { path, modifiedAt: statSync(path).mtimeMs };
  let newest: { path: string; modifiedAt: number } | undefined;
  for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const at = statSync(file).mtimeMs;
    if (!newest || at > newest.modifiedAt) newest = { path: file, modifiedAt: at };
  }
  return newest;
}
