import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { assertBuiltFromCurrentSources } from './built-output';

export const PROJECT_ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(PROJECT_ROOT, 'bin/lantern.js');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A fresh data dir per test, so profiles and caches never leak between tests. */
export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'lantern-test-'));
}

/**
 * A page budget generous enough for a machine busy running the other test files in parallel:
 * tests about other things must not fail because a browser launch was slow. Tests about the
 * timeout itself pass LANTERN_PAGE_TIMEOUT_MS: '' to get the product's default.
 */
const PATIENT_PAGE_TIMEOUT_MS = '30000';

/** Runs the built CLI (`npm run build:cli`) exactly as a person or agent would, refusing a stale build. */
export function runCli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  assertBuiltFromCurrentSources(PROJECT_ROOT, 'dist/cli.js', ['src/main', 'src/shared', 'package.json'], 'npm run build:cli');
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, LANTERN_PAGE_TIMEOUT_MS: PATIENT_PAGE_TIMEOUT_MS, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
  });
}
