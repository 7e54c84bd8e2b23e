import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { lineIo } from '../../src/main/doors/cli/output';
import { runLantern } from '../../src/main/doors/cli/program';
import { createNodeRuntime } from '../../src/main/app/node-runtime';
import type { ResearchService } from '../../src/main/app/service';
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

/**
 * Runs `lantern <args>` in this process, from the TypeScript source (no build needed): the same
 * program, environment and output as runCli, without the spawn. For what the process itself
 * does (exit codes reaching the shell, signals, the built bin), use runCli.
 */
export async function runCliInProcess(
  args: string[],
  env: Record<string, string> = {},
  options: { runtime?: ResearchService; stdin?: Readable } = {},
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io = lineIo({ out: (chunk) => (stdout += chunk), err: (chunk) => (stderr += chunk) });
  let closing: Promise<void> | undefined;
  const code = await runLantern(args, {
    io,
    env: { ...process.env, LANTERN_PAGE_TIMEOUT_MS: PATIENT_PAGE_TIMEOUT_MS, ...env },
    // A slow close would end the process; here the run waits for it, so no browser outlives its test.
    onSlowClose: (_code, slow) => {
      closing = slow;
    },
    ...options,
  });
  await closing;
  return { code, stdout, stderr };
}

/**
 * A runtime as `lantern` builds it from `env`, its browser already launched by `warmUp` (say, a
 * search that answers) under the patient budget, for a test whose budget must contain neither the
 * launch nor a first load: run the command on it with runCliInProcess(…, { runtime }). The page
 * budget is then the settings' (back to what it was before the warm-up; a test sets its own with
 * runtime.settings.update), as LANTERN_PAGE_TIMEOUT_MS is left unset; no pacing gap, as in a
 * fresh process. The test closes it.
 */
export async function launchedRuntime(
  env: Record<string, string>,
  warmUp: (runtime: ResearchService) => Promise<unknown>,
): Promise<ResearchService> {
  const runtime = createNodeRuntime({
    env: { ...process.env, ...env, LANTERN_PAGE_TIMEOUT_MS: '' },
    searchPacing: { minGapMs: 0, jitterMs: 0 },
  });
  try {
    const { pageTimeoutMs } = await runtime.settings.get();
    await runtime.settings.update({ pageTimeoutMs: Number(PATIENT_PAGE_TIMEOUT_MS) });
    await warmUp(runtime);
    await runtime.settings.update({ pageTimeoutMs });
  } catch (error) {
    await runtime.close();
    throw error;
  }
  return runtime;
}

/** Runs the built CLI (`npm run build:cli`) exactly as a person or agent would, refusing a stale build. */
export function runCli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  assertBuiltFromCurrentSources(
    PROJECT_ROOT,
    'dist/cli.js',
    ['src/main', 'src/shared', 'package.json'],
    'npm run build:cli',
  );
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
