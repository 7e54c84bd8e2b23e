/**
 * Files a person sent by their bytes (a browser's drop or file picker cannot name a path): each
 * kept under the data dir's `library-imports/<first 16 hex of its sha256>/<its name>`, so the
 * same file sent twice is one copy, two files of one name do not meet, and the copy is indexed
 * like any file of the library. Taking its document out of the library deletes the copy: it was
 * Lantern's, not the person's original.
 */
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';

export interface ImportedFile {
  name: string;
  bytes: Uint8Array;
}

/** Writes each file into `dir` (once per content); their paths, in order. */
export async function keepImports(dir: string, files: readonly ImportedFile[]): Promise<string[]> {
  const paths: string[] = [];
  for (const file of files) {
    const folder = join(dir, createHash('sha256').update(file.bytes).digest('hex').slice(0, 16));
    await mkdir(folder, { recursive: true });
    const path = join(folder, file.name);
    await writeFile(path, file.bytes);
    paths.push(path);
  }
  return paths;
}

/** Whether a library path is a copy kept in `dir`. */
export function isImported(dir: string, path: string): boolean {
  const below = relative(dir, path);
  return below !== '' && !below.startsWith('..') && below.split(sep).length === 2;
}

/** Deletes a kept copy and the folder it alone was in. */
export async function dropImport(dir: string, path: string): Promise<void> {
  if (isImported(dir, path)) await rm(dirname(path), { recursive: true, force: true });
}
