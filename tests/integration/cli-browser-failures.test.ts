/**
 * Whatever the browser throws, a CLI command ends with its JSON and its exit code: a loader that
 * rejects late (after the page budget ran out, with an error that is not Lantern's) and one that
 * throws synchronously from load(). The loaders are doubles of the PageLoader port
 * (src/main/browser/page-loader.ts); the rest — settings, store, search, answer, the CLI — is the product's.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LoadOptions, PageLoader } from '../../src/main/browser/page-loader';
import type { PageSnapshot } from '../../src/main/browser/page-snapshot';
import { EXIT } from '../../src/main/doors/cli/exit-codes';
import { assembleResearch } from '../../src/main/app/node-runtime';
import type { ResearchService } from '../../src/main/app/service';
import { PROJECT_ROOT, runCliInProcess, tempDataDir } from '../support/run-cli';

/**
 * Rejects only once the caller's budget (timeoutMs) is over and then some, as a stuck browser does.
 * The outcome does not hang on the timer: it always rejects, so a slow machine only makes it later.
 */
class LateRejectingLoader implements PageLoader {
  loads = 0;
  load(_url: string, options: LoadOptions): Promise<PageSnapshot> {
    this.loads += 1;
    return new Promise((_, reject) =>
      setTimeout(() => reject(new Error('Target page, context or browser has been closed')), options.timeoutMs * 2),
    );
  }
  async close(): Promise<void> {}
}

/** Throws from load() itself, before any promise exists. */
class SynchronouslyThrowingLoader implements PageLoader {
  load(): Promise<PageSnapshot> {
    throw new TypeError("Cannot read properties of undefined (reading 'newPage')");
  }
  async close(): Promise<void> {}
}

let dataDir: string;
let runtime: ResearchService | undefined;
beforeEach(() => {
  dataDir = tempDataDir();
});
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

function runtimeWith(loader: PageLoader): ResearchService {
  runtime = assembleResearch({
    dataDir,
    env: { LANTERN_DATA_DIR: dataDir },
    loader,
    pageTimeoutMs: 200,
    canShowWindow: () => false,
  });
  return runtime;
}

const cases: [string, () => PageLoader][] = [
  ['rejects late, after the budget', () => new LateRejectingLoader()],
  ['throws synchronously', () => new SynchronouslyThrowingLoader()],
];

describe.each(cases)('a loader that %s', (_name, makeLoader) => {
  it.each([
    ['search', ['search', 'tides of the Severn', '--json']],
    ['ask', ['ask', 'Why does the Severn have a bore?', '--json']],
    ['ask --deep', ['ask', '--deep', 'How do tidal bores form, and where can you see one?', '--json']],
  ])('`lantern %s --json` prints one JSON error and a failing exit code', async (_command, args) => {
    const run = await runCliInProcess(args, { LANTERN_DATA_DIR: dataDir }, { runtime: runtimeWith(makeLoader()) });
    expect(run.code).not.toBe(EXIT.ok);
    expect(run.code).not.toBeNull();
    const printed = JSON.parse(run.stdout) as { error?: { code: string; message: string } };
    expect(printed.error?.code).toMatch(/^[A-Z_]+$/);
    expect(printed.error?.message.length).toBeGreaterThan(10);
  });
});

describe('the lantern process and a failure nobody awaits any more', () => {
  it("warns on stderr and still ends with the command's own output and exit code", () => {
    // As src/main/cli.ts starts: the guard first, then a command whose abandoned browser call fails later.
    const script = `
      import { processIo } from './src/main/doors/cli/output.ts';
      import { reportStrayRejections } from './src/main/doors/cli/stray-failures.ts';
      reportStrayRejections(processIo);
      Promise.reject(new Error('Target page, context or browser has been closed'));
      // Node reports an unhandled rejection once the microtasks have run, before the next turn of the loop.
      setImmediate(() => { processIo.out(JSON.stringify({ results: [] })); process.exitCode = 0; });
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ results: [] });
    expect(run.stderr).toMatch(
      /^warning: an operation that was already given up failed afterwards \(ignored\): Error: Target page, context or browser has been closed/,
    );
  });
});
