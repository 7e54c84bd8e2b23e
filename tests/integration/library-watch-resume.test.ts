/**
 * Watched folders kept across runtimes: a folder added with watch in one runtime (SQLite store
 * in its own data dir) is followed again by the next runtime on the same data dir once it
 * resumes (as the desktop app and `lantern serve` do at their start), what changed while no
 * runtime ran indexed first; library.unwatch stops it for good. `lantern serve` (the built CLI)
 * follows them again at its start.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeRuntime } from '../../src/main/app/node-runtime';
import type { ResearchService } from '../../src/main/app/service';
import { readToken } from '../../src/main/settings/api-token';
import type { LibrarySearchResponse } from '../../src/shared/library-contract';
import { assertBuiltFromCurrentSources } from '../support/built-output';
import { errorOf } from '../support/error-of';
import { outputLines } from '../support/output-lines';
import { escapeRegExp, watchSyncIndexing } from '../support/watch-sync';
import { PROJECT_ROOT, runCliInProcess } from '../support/run-cli';

const dirs: string[] = [];
const runtimes: ResearchService[] = [];
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function start(dataDir: string): ResearchService {
  const runtime = createNodeRuntime({ env: { ...process.env, LANTERN_DATA_DIR: dataDir } });
  runtimes.push(runtime);
  return runtime;
}

async function pathsFound(runtime: ResearchService, word: string): Promise<string[]> {
  return (await runtime.library.search({ query: word })).passages.map((p) => p.path);
}

describe('watched folders across runtimes', () => {
  it('are followed again by the next runtime, changes made meanwhile indexed; unwatch stops them', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lantern-watch-resume-'));
    dirs.push(dataDir);
    const folder = join(dataDir, 'notes');
    mkdirSync(folder);
    writeFileSync(join(folder, 'a.md'), '# A\n\nThe first note says zqoriginal.\n');

    const first = start(dataDir);
    const added = await first.library.add({ paths: [folder], watch: true });
    expect(added.watching).toEqual([folder]);
    expect((await first.library.list()).watching).toEqual([folder]);
    await first.close();
    runtimes.splice(0);

    // While no Lantern runs: a file edited, one added.
    writeFileSync(join(folder, 'a.md'), '# A\n\nThe first note now says zqedited.\n');
    writeFileSync(join(folder, 'b.md'), '# B\n\nA note written meanwhile says zqbravo.\n');

    const second = start(dataDir);
    expect((await second.library.list()).watching).toEqual([folder]);
    expect(await second.library.resumeWatching()).toEqual({ following: [folder], missing: [] });
    expect(await pathsFound(second, 'zqbravo')).toEqual([join(folder, 'b.md')]);
    expect(await pathsFound(second, 'zqedited')).toEqual([join(folder, 'a.md')]);
    expect(await pathsFound(second, 'zqoriginal')).toEqual([]);

    // Followed, not only synced: a file written now is indexed without a call.
    const synced = watchSyncIndexing(second, join(folder, 'c.md'));
    writeFileSync(join(folder, 'c.md'), '# C\n\nWritten while watched: zqcharlie.\n');
    expect(await synced).toEqual({ folder, indexed: [join(folder, 'c.md')], removed: [] });
    expect(await pathsFound(second, 'zqcharlie')).toEqual([join(folder, 'c.md')]);

    const stopped = await second.library.unwatch({ path: folder });
    expect(stopped).toEqual({ stopped: folder, watching: [] });
    expect((await second.library.list()).watching).toEqual([]);
    // Its documents stay.
    expect(await pathsFound(second, 'zqcharlie')).toEqual([join(folder, 'c.md')]);
    await second.close();
    runtimes.splice(0);

    writeFileSync(join(folder, 'd.md'), '# D\n\nWritten after the watch stopped: zqdelta.\n');
    const third = start(dataDir);
    expect(await third.library.resumeWatching()).toEqual({ following: [], missing: [] });
    expect(await pathsFound(third, 'zqdelta')).toEqual([]);
    expect((await third.library.list()).watching).toEqual([]);
  });

  it('keeps a watched folder that is not there for the next start, and names the path of one never watched', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lantern-watch-missing-'));
    dirs.push(dataDir);
    const folder = join(dataDir, 'drive');
    mkdirSync(folder);
    writeFileSync(join(folder, 'x.md'), '# X\n\nzqxray\n');
    const first = start(dataDir);
    await first.library.add({ paths: [folder], watch: true });
    await first.close();
    runtimes.splice(0);
    rmSync(folder, { recursive: true });

    const second = start(dataDir);
    expect(await second.library.resumeWatching()).toEqual({ following: [], missing: [folder] });
    expect((await second.library.list()).watching).toEqual([folder]);
    const never = await errorOf(second.library.unwatch({ path: join(dataDir, 'elsewhere') }));
    expect(never.code).toBe('NOT_FOUND');
    expect(never.message).toMatch(/^path: /);
    const empty = await errorOf(second.library.unwatch({ path: '' }));
    expect(empty.code).toBe('INVALID_INPUT');
    expect(empty.message).toMatch(/path/);
    await second.close();
    runtimes.splice(0);

    // The CLI names it and stops it (run in process on the same data dir).
    const env = { LANTERN_DATA_DIR: dataDir };
    expect((await runCliInProcess(['library', 'list'], env)).stdout).toContain(
      `Watched whenever Lantern runs: ${folder}`,
    );
    const unwatched = await runCliInProcess(['library', 'unwatch', folder], env);
    expect([unwatched.code, unwatched.stdout]).toEqual([
      0,
      `No longer watching ${folder}; its documents stay in the library.\n`,
    ]);
    const again = await runCliInProcess(['library', 'unwatch', folder], env);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain(`path: ${folder} is not a watched folder`);
  });
});

describe('lantern serve (built CLI)', () => {
  it('follows the watched folders again at its start, what changed while it was down read first', async () => {
    assertBuiltFromCurrentSources(
      PROJECT_ROOT,
      'dist/cli.js',
      ['src/main', 'src/shared', 'package.json'],
      'npm run build:cli',
    );
    const dataDir = mkdtempSync(join(tmpdir(), 'lantern-watch-serve-'));
    dirs.push(dataDir);
    const folder = join(dataDir, 'notes');
    mkdirSync(folder);
    writeFileSync(join(folder, 'a.md'), '# A\n\nzqserveone\n');
    const first = start(dataDir);
    await first.library.add({ paths: [folder], watch: true });
    await first.close();
    runtimes.splice(0);
    writeFileSync(join(folder, 'b.md'), '# B\n\nWritten while nothing ran: zqservetwo.\n');

    const child = spawn(process.execPath, [join(PROJECT_ROOT, 'bin/lantern.js'), 'serve'], {
      env: { ...process.env, LANTERN_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = outputLines(child.stdout);
    const err = outputLines(child.stderr);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const [, url] = await out.next(/^Lantern API on (\S+) /);
      // The sync at its start, before it follows the folder.
      await out.next(new RegExp(`^Library: following ${escapeRegExp(folder)} \\(synced\\)\\.$`));
      const found = async (word: string): Promise<string[]> => {
        const response = await fetch(`${url}/v1/library/search?query=${word}`, {
          headers: { authorization: `Bearer ${readToken(dataDir)}` },
        });
        return ((await response.json()) as LibrarySearchResponse).passages.map((p) => p.path);
      };
      expect(await found('zqservetwo')).toEqual([join(folder, 'b.md')]);
      writeFileSync(join(folder, 'c.md'), '# C\n\nWritten while served: zqservethree.\n');
      await out.next(new RegExp(`^Library: ${escapeRegExp(folder)} changed: 1 file indexed, 0 removed\\.$`));
      expect(await found('zqservethree'), err.text()).toEqual([join(folder, 'c.md')]);
    } finally {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });
});
