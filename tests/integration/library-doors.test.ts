/**
 * The library through its doors over one real runtime (SQLite store in its own data dir): a
 * folder of 32 files made here (PDFs printed by Chromium, DOCX, EPUB, Markdown, HTML, text, a
 * corrupt PDF and a 0-byte file) added through the HTTP door as the web UI adds it (its client,
 * its session cookie, progress as server-sent events), listed and searched as an agent (bearer
 * token), edited and deleted on disk and re-indexed, and reached from the CLI (run in process on
 * the same data dir) and the MCP SDK's client; bad input answered INVALID_INPUT naming the field.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedMcpClient, toolText } from '../support/mcp-client';
import { startLanternServer, type LanternServer } from '../../src/main/doors/http/lantern-server';
import { readToken } from '../../src/main/settings/api-token';
import { chromiumArgs } from '../../src/main/browser/chromium';
import { findChrome } from '../../src/main/browser/find-chrome';
import { createNodeRuntime } from '../../src/main/app/node-runtime';
import type { ResearchService } from '../../src/main/app/service';
import { createHttpClient } from '../../src/renderer/src/client/http-client';
import type { ResearchApi } from '../../src/shared/api';
import type { LibraryEvent, LibraryListResponse, LibrarySearchResponse } from '../../src/shared/library-contract';
import { errorOf } from '../support/error-of';
import { outputLines } from '../support/output-lines';
import { escapeRegExp, watchSyncIndexing } from '../support/watch-sync';
import { makeDocx, makeEpub, makePdf } from '../support/library-fixtures';
import { assertBuiltFromCurrentSources } from '../support/built-output';
import { PROJECT_ROOT, runCliInProcess } from '../support/run-cli';

/** A word found in one place only: kind, file number and page or part. */
const mark = (kind: string, i: number, part: number): string => `zq${kind}${i}x${part}`;

let dataDir: string;
let folder: string;
let runtime: ResearchService;
let running: LanternServer;
/** The web UI's own client, signed in with its session cookie. */
let ui: ResearchApi;

async function writeFolder(dir: string): Promise<void> {
  mkdirSync(join(dir, 'nested'), { recursive: true });
  const browser = await chromium.launch({ executablePath: findChrome(), args: chromiumArgs(), headless: true });
  try {
    for (let i = 0; i < 4; i++) {
      const pages = [1, 2, 3].map(
        (p) => `Page ${p} of the tide report ${i} notes ${mark('pdf', i, p)} at the harbour.`,
      );
      writeFileSync(join(dir, `tides-${i}.pdf`), await makePdf(browser, `Tide report ${i}`, pages));
    }
  } finally {
    await browser.close();
  }
  for (let i = 0; i < 4; i++) {
    writeFileSync(
      join(dir, `memo-${i}.docx`),
      await makeDocx([{ heading: `Budget ${i}`, paragraphs: [`The memo ${i} sets aside ${mark('docx', i, 1)}.`] }]),
    );
    writeFileSync(
      join(dir, `book-${i}.epub`),
      await makeEpub(`Book ${i}`, [
        { title: `Opening ${i}`, paragraphs: [`Chapter one of book ${i} holds ${mark('epub', i, 1)}.`] },
      ]),
    );
    writeFileSync(join(dir, `plain-${i}.txt`), `A plain note ${i} holding ${mark('txt', i, 1)}.`);
  }
  for (let i = 0; i < 8; i++) {
    writeFileSync(
      join(dir, 'nested', `notes-${i}.md`),
      `# Notes ${i}\n\nIntro.\n\n## Details\n\nThe detail is ${mark('md', i, 1)}.\n`,
    );
  }
  for (let i = 0; i < 6; i++) {
    writeFileSync(
      join(dir, `saved-${i}.html`),
      `<!doctype html><html><head><title>Saved page ${i}</title></head><body><article><h1>Saved page ${i}</h1>
       <p>This saved article ${i} explains ${mark('html', i, 1)} in a paragraph long enough to be read as the page's content.</p>
       <p>Another paragraph of the article keeps going so the extractor has prose to keep.</p></article></body></html>`,
    );
  }
  writeFileSync(
    join(dir, 'broken.pdf'),
    Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog'), Buffer.alloc(64, 0x20)]),
  );
  writeFileSync(join(dir, 'empty.txt'), '');
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lantern-library-doors-'));
  folder = join(dataDir, 'documents');
  await writeFolder(folder);
  runtime = createNodeRuntime({ env: { ...process.env, LANTERN_DATA_DIR: dataDir } });
  running = await startLanternServer({ api: runtime, dataDir, port: 0, version: 'test', log: () => undefined });
  const origin = running.server.url;
  const login = await fetch(running.webUi!.loginUrl(origin), { redirect: 'manual' });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  ui = createHttpClient((path, init) =>
    fetch(new URL(path, origin), { ...init, headers: { ...(init.headers as Record<string, string>), cookie } }),
  );
}, 120_000);

afterAll(async () => {
  await running?.close(500);
  await runtime?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** An agent's request: the bearer token, no session cookie. */
async function asAgent(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; json: () => Promise<unknown>; text: () => Promise<string> }> {
  return fetch(new URL(path, running.server.url), {
    method,
    headers: {
      authorization: `Bearer ${readToken(dataDir)}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const rel = (path: string): string => path.slice(folder.length + 1);

describe('the HTTP door', () => {
  it('adds the folder from the web UI: every readable file indexed, the bad ones listed with why, progress file by file', async () => {
    const events: LibraryEvent[] = [];
    const added = await ui.library.add({ paths: [folder] }, { onEvent: (event) => events.push(event as LibraryEvent) });
    expect(added.indexed).toHaveLength(30);
    expect(added.documents).toBe(30);
    expect(added.unreadable.map((file) => [rel(file.path), file.reason])).toEqual([
      ['broken.pdf', expect.stringMatching(/not a readable PDF/)],
      ['empty.txt', 'the file is empty (0 bytes)'],
    ]);
    const progress = events.filter((event) => event.type === 'progress');
    expect(progress.at(0)).toMatchObject({ done: 0, total: 32, current: join(folder, 'book-0.epub') });
    expect(progress.at(-1)).toMatchObject({ done: 32, total: 32, current: '' });
    expect(progress).toHaveLength(33);
    // A bounded list unfiltered: the first documents by path, and how many there are in all.
    const all = await ui.library.list();
    const firstTwo = await ui.library.list({ limit: 2 });
    expect(firstTwo.documents).toEqual(all.documents.slice(0, 2));
    expect([firstTwo.total, all.total]).toEqual([30, 30]);
  });

  it('refuses an agent adding files, and lets it list and search', async () => {
    // Adding reads any file of this machine into what agents can search: only the person's UI may.
    for (const [path, body] of [
      ['/v1/library/add', { paths: ['/etc'] }],
      ['/v1/library/remove', { ids: [1] }],
      ['/v1/library/reindex', {}],
    ] as const) {
      expect([path, (await asAgent('POST', path, body)).status]).toEqual([path, 403]);
    }
    expect((await runtime.library.list()).total).toBe(30);
    const list = (await (await asAgent('GET', '/v1/library?type=pdf')).json()) as LibraryListResponse;
    expect(list.documents.map((d) => [rel(d.path), d.type, d.pages])).toEqual(
      [0, 1, 2, 3].map((i) => [`tides-${i}.pdf`, 'pdf', 3]),
    );
    expect(list.total).toBe(4);
    expect(list.unreadable.map((file) => rel(file.path))).toEqual(['broken.pdf', 'empty.txt']);

    const found = (await (
      await asAgent('GET', `/v1/library/search?query=${mark('pdf', 2, 3)}`)
    ).json()) as LibrarySearchResponse;
    expect(found.passages).toEqual([
      expect.objectContaining({
        n: 1,
        title: 'Tide report 2',
        path: join(folder, 'tides-2.pdf'),
        type: 'pdf',
        page: 3,
        text: expect.stringContaining('Page 3 of the tide report 2'),
      }),
    ]);
    const heading = (await (
      await asAgent('GET', `/v1/library/search?query=${mark('md', 5, 1)}`)
    ).json()) as LibrarySearchResponse;
    expect(heading.passages[0]).toMatchObject({
      path: join(folder, 'nested', 'notes-5.md'),
      heading: 'Notes 5 › Details',
    });

    const text = await (await asAgent('GET', `/v1/library/search?query=${mark('pdf', 1, 2)}&format=compact`)).text();
    expect(text).toContain(`[1] Tide report 1 — ${join(folder, 'tides-1.pdf')}, p. 2`);
    expect(text).toMatch(/<untrusted_content source="file:\/\/[^"]*tides-1\.pdf#page=2">/);
  });

  it('answers bad input with INVALID_INPUT naming the field', async () => {
    const limit = await asAgent('GET', '/v1/library/search?query=tide&limit=0');
    expect(limit.status).toBe(400);
    expect(JSON.stringify(await limit.json())).toMatch(/INVALID_INPUT.*limit/);
    const type = await asAgent('GET', '/v1/library?type=spreadsheet');
    expect(type.status).toBe(400);
    expect(JSON.stringify(await type.json())).toMatch(/INVALID_INPUT.*type/);
    const paths = await errorOf(ui.library.add({ paths: [] }));
    expect([paths.code, paths.message]).toEqual(['INVALID_INPUT', expect.stringMatching(/paths: paths is empty/)]);
    const ids = await errorOf(ui.library.remove({ ids: ['seven' as unknown as number] }));
    expect([ids.code, ids.message]).toEqual(['INVALID_INPUT', expect.stringMatching(/ids\.0: /)]);
  });

  it('reads a document whole for the reader, by the file URL its citations carry, each PDF page headed', async () => {
    const url = `${pathToFileURL(join(folder, 'tides-1.pdf')).href}#page=2`;
    const page = await ui.library.read({ url });
    expect(page).toMatchObject({ url, finalUrl: pathToFileURL(join(folder, 'tides-1.pdf')).href, status: 200 });
    expect(page.contentType).toBe('application/pdf');
    expect(page.markdown).toMatch(/^\*\*Page 1\*\*\n\nPage 1 of the tide report 1/);
    expect(page.markdown).toContain(`**Page 2**\n\nPage 2 of the tide report 1 notes ${mark('pdf', 1, 2)}`);
    expect(page.wordCount).toBeGreaterThan(20);
    // An agent may not read the person's documents whole.
    expect((await asAgent('POST', '/v1/library/read', { url })).status).toBe(403);
    const missing = await errorOf(ui.library.read({ url: pathToFileURL(join(folder, 'not-there.md')).href }));
    expect([missing.code, missing.message]).toEqual([
      'NOT_FOUND',
      expect.stringMatching(/^url: .* is not a document of the library/),
    ]);
    const web = await errorOf(ui.library.read({ url: 'https://example.com/paper.pdf' }));
    expect([web.code, web.message]).toEqual([
      'INVALID_INPUT',
      expect.stringMatching(/url: url is the file URL of a library document/),
    ]);
  });

  it('adds files sent by their bytes, as a browser sends them: a kept copy, indexed once, deleted with its document', async () => {
    const notes = `# Quay notes\n\nThe quay crane ${mark('sent', 1, 1)} lifts twelve tonnes.\n`;
    // Past the door's 1 MB a plain body may have: the import's own limit applies.
    const long = `# Long log\n\n${'The harbour log goes on line after line. '.repeat(60_000)}${mark('sent', 2, 1)}\n`;
    const send = (name: string, text: string) => ({ name, data: Buffer.from(text).toString('base64') });
    const events: LibraryEvent[] = [];
    const added = await ui.library.import(
      { files: [send('quay.md', notes), send('long-log.md', long)] },
      { onEvent: (event) => events.push(event as LibraryEvent) },
    );
    expect(added.indexed).toHaveLength(2);
    const kept = added.indexed;
    for (const path of kept) expect(path.startsWith(join(dataDir, 'library-imports'))).toBe(true);
    expect(kept.map((path) => path.split('/').at(-1))).toEqual(['quay.md', 'long-log.md']);
    expect(events.filter((event) => event.type === 'progress').at(-1)).toMatchObject({ done: 2, total: 2 });
    const found = await ui.library.search({ query: mark('sent', 1, 1) });
    expect(found.passages.map((p) => p.path)).toEqual([kept[0]]);
    // The same bytes again: the same copy, indexed once.
    const again = await ui.library.import({ files: [send('quay.md', notes)] });
    expect([again.indexed.length, again.unchanged]).toEqual([0, 1]);
    expect((await ui.library.list({ query: 'quay' })).documents).toHaveLength(1);
    // Taken out of the library, the copy Lantern kept goes too.
    const id = (await ui.library.list({ query: 'quay' })).documents[0]!.id;
    await ui.library.remove({ ids: [id] });
    expect(existsSync(kept[0]!)).toBe(false);
    await ui.library.remove({ ids: [(await ui.library.list({ query: 'long-log' })).documents[0]!.id] });

    expect((await asAgent('POST', '/v1/library/import', { files: [send('x.md', notes)] })).status).toBe(403);
    const badData = await errorOf(ui.library.import({ files: [{ name: 'x.md', data: 'not base64!' }] }));
    expect([badData.code, badData.message]).toEqual([
      'INVALID_INPUT',
      expect.stringMatching(/files\.0\.data: data is not base64/),
    ]);
    const badName = await errorOf(ui.library.import({ files: [send('../etc/x.md', notes)] }));
    expect([badName.code, badName.message]).toEqual([
      'INVALID_INPUT',
      expect.stringMatching(/files\.0\.name: name is a file name/),
    ]);
  });

  it('follows an edit and a deletion on the next re-index, and removes by id leaving the file', async () => {
    const notes = join(folder, 'nested', 'notes-0.md');
    writeFileSync(notes, `# Notes 0\n\nRewritten: ${mark('edited', 0, 1)}.\n`);
    unlinkSync(join(folder, 'memo-1.docx'));
    const report = await ui.library.reindex({});
    expect(report.indexed).toEqual([notes]);
    expect(report.removed).toEqual([join(folder, 'memo-1.docx')]);
    // 28 documents as they were, and the two bad files, still as they were when found bad.
    expect(report.unchanged).toBe(30);
    expect((await ui.library.search({ query: mark('edited', 0, 1) })).passages[0]?.path).toBe(notes);
    expect((await ui.library.search({ query: mark('md', 0, 1) })).passages).toEqual([]);
    expect((await ui.library.search({ query: mark('docx', 1, 1) })).passages).toEqual([]);

    const [html] = (await ui.library.list({ query: 'saved-5' })).documents;
    const removed = await ui.library.remove({ ids: [html!.id, 999_999] });
    expect(removed).toEqual({
      removed: [{ id: html!.id, path: join(folder, 'saved-5.html'), title: 'Saved page 5' }],
      notFound: [999_999],
    });
    expect((await ui.library.search({ query: mark('html', 5, 1) })).passages).toEqual([]);
    expect((await ui.library.list()).total).toBe(28);
  });
});

describe('ResearchApi', () => {
  it('stops an add when its signal is aborted, between one file and the next', async () => {
    const stage = mkdtempSync(join(tmpdir(), 'lantern-library-cancel-'));
    try {
      for (let i = 0; i < 5; i++) writeFileSync(join(stage, `part-${i}.md`), `# Part ${i}\n\n${mark('cancel', i, 1)}`);
      const controller = new AbortController();
      const error = await errorOf(
        runtime.library.add(
          { paths: [stage] },
          {
            signal: controller.signal,
            onEvent: (event) => (event.type === 'progress' && event.done === 2 ? controller.abort() : undefined),
          },
        ),
      );
      expect([error.code, error.message]).toEqual(['CANCELLED', 'Indexing was cancelled after 2 of 5 files.']);
      const kept = await runtime.library.list({ query: stage });
      expect(kept.documents.map((d) => d.path.slice(stage.length + 1))).toEqual(['part-0.md', 'part-1.md']);
    } finally {
      rmSync(stage, { recursive: true, force: true });
    }
  });

  it('follows a folder added with watch: a file written later is indexed without a call', async () => {
    const watched = mkdtempSync(join(tmpdir(), 'lantern-library-watch-'));
    try {
      writeFileSync(join(watched, 'first.md'), `# First\n\n${mark('watch', 0, 1)}`);
      const added = await runtime.library.add({ paths: [watched], watch: true });
      expect(added.watching).toEqual([watched]);
      // The watcher syncs once the writes pause.
      const synced = watchSyncIndexing(runtime, join(watched, 'second.md'));
      writeFileSync(join(watched, 'second.md'), `# Second\n\n${mark('watch', 1, 1)}`);
      await synced;
      const passage = (await runtime.library.search({ query: mark('watch', 1, 1) })).passages[0]?.path;
      expect(passage).toBe(join(watched, 'second.md'));
    } finally {
      rmSync(watched, { recursive: true, force: true });
    }
  });
});

describe('the CLI', () => {
  const env = (): Record<string, string> => ({ LANTERN_DATA_DIR: dataDir });

  it('lists, searches and adds, with --json or as text', async () => {
    const list = await runCliInProcess(['library', 'list', '--type', 'epub', '--json'], env());
    expect(list.code).toBe(0);
    expect((JSON.parse(list.stdout) as LibraryListResponse).documents.map((d) => rel(d.path))).toEqual([
      'book-0.epub',
      'book-1.epub',
      'book-2.epub',
      'book-3.epub',
    ]);

    const search = await runCliInProcess(['library', 'search', mark('pdf', 3, 2)], env());
    expect(search.code).toBe(0);
    expect(search.stdout).toContain(`[1] Tide report 3 — ${join(folder, 'tides-3.pdf')}, p. 2`);

    const extra = mkdtempSync(join(tmpdir(), 'lantern-library-extra-'));
    try {
      writeFileSync(join(extra, 'field.md'), `# Field notes\n\n${mark('field', 0, 1)} by the river.`);
      const added = await runCliInProcess(['library', 'add', extra, join(extra, 'missing.pdf')], env());
      expect(added.code).toBe(0);
      expect(added.stderr).toContain(`indexing 1 of 1: ${join(extra, 'field.md')}`);
      expect(added.stdout).toMatch(/^Indexed 1 file, 0 unchanged; the library holds \d+ documents\.$/m);
      expect(added.stdout).toContain(`${join(extra, 'missing.pdf')}: no such file or folder`);
    } finally {
      rmSync(extra, { recursive: true, force: true });
    }
  });

  it('answers INVALID_INPUT naming the field, with its exit code', async () => {
    const remove = await runCliInProcess(['library', 'remove', 'abc', '--json'], env());
    expect(remove.code).toBe(2);
    expect(JSON.parse(remove.stdout)).toMatchObject({
      error: { code: 'INVALID_INPUT', message: expect.stringMatching(/ids\.0: /) },
    });
    const scope = await runCliInProcess(['ask', 'tide report', '--scope', 'everywhere'], env());
    expect(scope.code).toBe(2);
    expect(scope.stderr).toMatch(/INVALID_INPUT.*scope/);
  });

  it('asks the library with --scope library: the answer cites the document and its page', async () => {
    const asked = await runCliInProcess(
      [
        'ask',
        `Which harbour report notes ${mark('pdf', 2, 2)}?`,
        '--scope',
        'library',
        '--composer',
        'extractive',
        '--json',
      ],
      env(),
    );
    expect(asked.code).toBe(0);
    const response = JSON.parse(asked.stdout) as {
      sources: Array<{ library?: { path: string; page?: number } }>;
      answer: string;
    };
    expect(response.sources[0]?.library).toMatchObject({ path: join(folder, 'tides-2.pdf'), page: 2 });
    expect(response.answer).toMatch(/\[1\]/);
  });
});

describe('the lantern process', () => {
  it('follows a folder with `library add --watch` until Ctrl-C, then ends with 0', async () => {
    assertBuiltFromCurrentSources(
      PROJECT_ROOT,
      'dist/cli.js',
      ['src/main', 'src/shared', 'package.json'],
      'npm run build:cli',
    );
    const watched = mkdtempSync(join(tmpdir(), 'lantern-library-process-'));
    writeFileSync(join(watched, 'start.md'), `# Start\n\n${mark('proc', 0, 1)}`);
    const child = spawn(
      process.execPath,
      [join(PROJECT_ROOT, 'bin/lantern.js'), 'library', 'add', watched, '--watch'],
      {
        env: { ...process.env, LANTERN_DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const out = outputLines(child.stdout);
    const err = outputLines(child.stderr);
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    try {
      await err.next(new RegExp(`^watching ${escapeRegExp(watched)} `));
      // Two pipes: the summary written to stdout before that line may reach us after it.
      await out.next(/Indexed 1 file/);
      // Written while the process watches: its watcher indexes it into the shared store, and says so.
      writeFileSync(join(watched, 'later.md'), `# Later\n\n${mark('proc', 1, 1)}`);
      await err.next(new RegExp(`^Library: ${escapeRegExp(watched)} changed: 1 file indexed, 0 removed\\.$`));
      const path = (await runtime.library.search({ query: mark('proc', 1, 1) })).passages[0]?.path;
      expect(path).toBe(join(watched, 'later.md'));
      child.kill('SIGINT');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      rmSync(watched, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('the MCP door', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connectedMcpClient(runtime, 'library-test');
  });
  afterAll(async () => client?.close());

  it('lists library_search now that the library holds documents, and returns numbered passages', async () => {
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('library_search');
    const result = await client.callTool({ name: 'library_search', arguments: { query: mark('epub', 2, 1) } });
    expect(result.isError).toBeFalsy();
    const text = toolText(result);
    expect(text).toContain(`[1] Book 2 — ${join(folder, 'book-2.epub')}, Opening 2`);
    expect(text).toContain(`<untrusted_content source="file://`);
  });

  it('answers research with scope library from the document and its page', async () => {
    const result = await client.callTool({
      name: 'research',
      arguments: { question: `Which report notes ${mark('pdf', 0, 3)}?`, scope: 'library' },
    });
    expect(result.isError).toBeFalsy();
    const text = toolText(result);
    expect(text).toContain('tides-0.pdf');
    expect(text).toMatch(/\[1\]/);
  });

  it('answers bad arguments with INVALID_INPUT naming the field', async () => {
    const empty = await client.callTool({ name: 'library_search', arguments: { query: '  ' } });
    expect([empty.isError, toolText(empty)]).toEqual([true, expect.stringMatching(/^INVALID_INPUT: .*query/)]);
    const scope = await client.callTool({ name: 'research', arguments: { question: 'tides', scope: 'everywhere' } });
    expect([scope.isError, toolText(scope)]).toEqual([true, expect.stringMatching(/^INVALID_INPUT: .*scope/)]);
  });
});
