import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/main/store';
import { ErrorInfoSchema, type ErrorInfo } from '../../src/shared/contract';
import { runCliInProcess } from '../support/run-cli';
import { tempDataDir } from '../support/temp-store';

let temp: ReturnType<typeof tempDataDir>;
beforeEach(() => {
  temp = tempDataDir();
});
afterEach(() => temp.cleanup());

/** Warnings the last `lantern` call printed (`warning: …` on stderr). */
let warnings: string[] = [];

/**
 * Runs `lantern <args>` in process on the temp data dir (a runtime per call, as per process);
 * returns its stdout, and fails unless it exited 0 with nothing on stderr but warnings.
 */
async function lantern(...args: string[]): Promise<string> {
  const run = await runCliInProcess(args, { LANTERN_DATA_DIR: temp.dir });
  const lines = run.stderr.split('\n').filter(Boolean);
  warnings = lines.filter((line) => line.startsWith('warning: ')).map((line) => line.slice('warning: '.length));
  expect({ code: run.code, stderr: lines.filter((line) => !line.startsWith('warning: ')) }).toEqual({
    code: 0,
    stderr: [],
  });
  return run.stdout;
}

/** `lantern <args> --json` that fails: its JSON error, and the exit code that goes with its code (2 for INVALID_INPUT, 1 for NOT_FOUND). */
async function failure(...args: string[]): Promise<ErrorInfo> {
  const run = await runCliInProcess([...args, '--json'], { LANTERN_DATA_DIR: temp.dir });
  const { error } = JSON.parse(run.stdout) as { error: unknown };
  const info = ErrorInfoSchema.parse(error);
  expect(run.code).toBe(info.code === 'INVALID_INPUT' ? 2 : 1);
  return info;
}

function seed(): { heat: number; sleep: number } {
  const store = openStore({ path: temp.dbPath, purgeIntervalMs: 0 });
  try {
    const heat = store.history.createThread();
    store.history.appendTurn(heat.id, {
      question: 'How efficient are heat pumps?',
      mode: 'answer',
      answer: 'A COP of **3** is common [1], lower in the cold [2].',
      sources: [
        { url: 'https://energy.example/cop', title: 'COP explained' },
        { url: 'https://cold.example/study', title: 'Cold climate study' },
      ],
    });
    const sleep = store.history.createThread();
    store.history.appendTurn(sleep.id, {
      question: '如何提高睡眠质量?',
      mode: 'answer',
      answer: '保持规律作息 [1]。',
      sources: [{ url: 'https://zh.example/sleep', title: '睡眠指南' }],
    });
    return { heat: heat.id, sleep: sleep.id };
  } finally {
    store.close();
  }
}

describe('lantern history', () => {
  it('lists threads as text by default and as JSON with --json on either side of the subcommand', async () => {
    expect(await lantern('history')).toContain('No threads yet');
    const { heat, sleep } = seed();
    const text = await lantern('history');
    expect(text.trimEnd().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^#${sleep}  如何提高睡眠质量\\?  — 1 turn, updated `)),
      expect.stringMatching(new RegExp(`^#${heat}  How efficient are heat pumps\\?  — 1 turn, updated `)),
    ]);
    for (const args of [
      ['history', '--json'],
      ['history', '--json', 'list'],
      ['history', 'list', '--json'],
    ]) {
      const listed = JSON.parse(await lantern(...args)) as { id: number }[];
      expect(listed.map((t) => t.id)).toEqual([sleep, heat]);
    }
  });

  it('searches history and pages in any script', async () => {
    const { heat, sleep } = seed();
    expect(await lantern('history', 'search', '睡眠')).toContain(`thread #${sleep}`);
    const hits = JSON.parse(await lantern('history', 'search', 'heat', 'pumps', '--json')) as { threadId: number }[];
    expect(hits.map((h) => h.threadId)).toEqual([heat]);
    expect(await lantern('history', 'search', 'nonexistentword')).toContain('Nothing in the history');
    expect((await failure('history', 'search', '***')).code).toBe('INVALID_INPUT');
  });

  it('shows a thread and deletes it; a missing id is NOT_FOUND, a malformed one INVALID_INPUT', async () => {
    const { heat } = seed();
    const shown = await lantern('history', 'show', String(heat));
    expect(shown).toContain('[1] How efficient are heat pumps?');
    // The answer as a person reads it, not its Markdown.
    expect(shown).toContain('\nA COP of 3 is common [1], lower in the cold [2].\n');
    expect(shown).toContain('1. COP explained — https://energy.example/cop');
    expect(JSON.parse(await lantern('history', 'show', String(heat), '--json'))).toMatchObject({
      id: heat,
      turnCount: 1,
    });

    expect(await lantern('history', 'delete', String(heat))).toBe(
      `Deleted thread #${heat} "How efficient are heat pumps?" (1 turn).\n`,
    );
    const missing = await failure('history', 'show', String(heat));
    expect(missing.code).toBe('NOT_FOUND');
    expect(missing.message).toContain(`No thread ${heat}`);
    expect((await failure('history', 'delete', String(heat))).code).toBe('NOT_FOUND');
    expect((await failure('history', 'show', 'abc')).code).toBe('INVALID_INPUT');
    expect((await failure('history', 'list', '--limit', '0')).code).toBe('INVALID_INPUT');
  });

  it('exports a thread as Markdown whose footnotes list each source URL, to stdout or a file', async () => {
    const { heat } = seed();
    const markdown = await lantern('history', 'export', String(heat), '--md');
    expect(markdown).toContain('# How efficient are heat pumps?');
    expect(markdown).toContain('A COP of **3** is common [^1], lower in the cold [^2].');
    expect(markdown).toContain('[^1]: COP explained. <https://energy.example/cop>');
    expect(markdown).toContain('[^2]: Cold climate study. <https://cold.example/study>');

    const file = join(temp.dir, 'thread.md');
    expect(await lantern('history', 'export', String(heat), '--md', '-o', file)).toBe(`Wrote ${file}.\n`);
    // stdout ends the Markdown with a newline when it has none of its own.
    expect(`${readFileSync(file, 'utf8').replace(/\n$/, '')}\n`).toBe(markdown);
    expect((await failure('history', 'export', '999', '--md')).code).toBe('NOT_FOUND');
  });

  it('reports a damaged store it moved aside, then works on a fresh one', async () => {
    writeFileSync(temp.dbPath, 'this is not a SQLite database, it is a damaged file '.repeat(200));
    expect(await lantern('history')).toContain('No threads yet');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^The Lantern store was damaged \(SQLITE_NOTADB: .*\); it was moved to .*lantern\.db\.corrupt-/,
    );
    const moved = readdirSync(temp.dir).filter((name) => name.startsWith('lantern.db.corrupt-'));
    expect(moved).toHaveLength(1);
    expect(warnings[0]).toContain(join(temp.dir, moved[0]!));
    expect(readFileSync(join(temp.dir, moved[0]!), 'utf8')).toContain('damaged file');
    expect(existsSync(temp.dbPath)).toBe(true);

    expect(await lantern('history')).toContain('No threads yet');
    expect(warnings).toEqual([]);
  });
});
