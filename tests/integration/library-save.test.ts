/**
 * Save to library over one real runtime (SQLite store in its own data dir, the real fetch
 * pipeline) and the fixture web on 127.0.0.1: a page read for an answer is kept as a library
 * document (its address its origin), listed, cited by an answer with scope 'library', saved
 * again as the same document, kept by a re-index; bad input is INVALID_INPUT naming `url`, a page
 * never read NOT_FOUND; over REST from the web UI's session (its own client), refused to an
 * agent's token, as is unwatch; the CLI's `library save` (run in process on the same data dir).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeRuntime } from '../../src/main/app/node-runtime';
import { startLanternServer } from '../../src/main/doors/http/lantern-server';
import { readToken } from '../../src/main/settings/api-token';
import { createHttpClient } from '../../src/renderer/src/client/http-client';
import type { ResearchService } from '../../src/main/app/service';
import type { LibraryListResponse, LibrarySaveResponse } from '../../src/shared/library-contract';
import { startAnswerSite, type AnswerSite } from '../support/answer-site';
import { errorOf } from '../support/error-of';
import { runCliInProcess } from '../support/run-cli';

let site: AnswerSite;
let dataDir: string;
let runtime: ResearchService;
let espresso: string;

beforeAll(async () => {
  site = await startAnswerSite();
  espresso = `${site.pages}/espresso`;
  dataDir = mkdtempSync(join(tmpdir(), 'lantern-library-save-'));
  // Pages on loopback are allowed, as a person would allow them for a site of their own.
  writeFileSync(
    join(dataDir, 'settings.json'),
    JSON.stringify({ version: 1, engines: ['google'], fetch: { allowPrivateNetworks: true } }),
  );
  runtime = createNodeRuntime({ env: { ...process.env, LANTERN_DATA_DIR: dataDir } });
  // Read for an answer: the answer reads the page given, and the store keeps what it read.
  const answer = await runtime.answer({ question: 'How much caffeine is in a shot of espresso?', urls: [espresso] });
  expect(answer.sources.map((s) => s.url)).toContain(espresso);
}, 120_000);

afterAll(async () => {
  await runtime?.close();
  await site?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('library.save', () => {
  it('keeps a page read for an answer as a library document, its address its origin', async () => {
    const saved = await runtime.library.save({ url: espresso });
    expect(saved.outcome).toBe('saved');
    expect(saved.document).toMatchObject({
      path: espresso,
      origin: espresso,
      type: 'html',
      title: 'Espresso, explained',
    });
    expect(saved.document.sections).toBeGreaterThan(0);
    const list = await runtime.library.list();
    expect(list.documents.map((d) => d.origin)).toEqual([espresso]);
    const found = await runtime.library.search({ query: 'Moriondo Turin' });
    expect(found.passages[0]).toMatchObject({ path: espresso, title: 'Espresso, explained' });
  });

  it('is cited by an answer from the library alone, at its address', async () => {
    await runtime.library.save({ url: espresso });
    const answer = await runtime.answer({ question: 'Who patented the espresso machine in Turin?', scope: 'library' });
    expect(answer.answered).toBe(true);
    expect(answer.answer).toMatch(/Moriondo/);
    const cited = new Set(
      answer.sentences
        .flatMap((s) => s.citations)
        .filter((c) => c.supported)
        .map((c) => c.n),
    );
    const sources = answer.sources.filter((s) => cited.has(s.n));
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(source.url).toBe(espresso);
      expect(source.source).toBe('127.0.0.1');
      expect(source.library).toMatchObject({ path: espresso, kind: 'html' });
    }
  });

  it('saved twice is one document, the same one; a re-index keeps it', async () => {
    const first = await runtime.library.save({ url: espresso });
    const again = await runtime.library.save({ url: `${espresso}#crema` });
    expect(again.outcome).toBe('unchanged');
    expect(again.document.id).toBe(first.document.id);
    expect((await runtime.library.list()).total).toBe(1);
    const reindexed = await runtime.library.reindex();
    expect(reindexed.removed).toEqual([]);
    expect((await runtime.library.list()).documents.map((d) => d.id)).toEqual([first.document.id]);
  });

  it('answers INVALID_INPUT naming url for a missing or bad address, NOT_FOUND for a page never read', async () => {
    for (const input of [{}, { url: '' }, { url: 'not an address' }, { url: 'file:///etc/passwd' }, { url: 42 }]) {
      const error = await errorOf(runtime.library.save(input as never));
      expect(error.code, JSON.stringify(input)).toBe('INVALID_INPUT');
      expect(error.message).toMatch(/url/);
    }
    const extra = await errorOf(runtime.library.save({ url: espresso, title: 'x' } as never));
    expect(extra.code).toBe('INVALID_INPUT');
    const never = await errorOf(runtime.library.save({ url: `${site.pages}/green-tea` }));
    expect(never.code).toBe('NOT_FOUND');
    expect(never.message).toContain(`url: Lantern has not read ${site.pages}/green-tea`);
    expect((await runtime.library.list()).total).toBe(1);
  });
});

describe('the HTTP door', () => {
  it('saves from the web UI, INVALID_INPUT naming url over HTTP too, and refuses an agent', async () => {
    const running = await startLanternServer({ api: runtime, dataDir, port: 0, version: 'test', log: () => undefined });
    try {
      const origin = running.server.url;
      const login = await fetch(running.webUi!.loginUrl(origin), { redirect: 'manual' });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const ui = createHttpClient((path, init) =>
        fetch(new URL(path, origin), { ...init, headers: { ...(init.headers as Record<string, string>), cookie } }),
      );
      const saved = await ui.library.save({ url: espresso });
      expect(saved.document.origin).toBe(espresso);
      const bad = await errorOf(ui.library.save({ url: 'ftp://example.org/x' }));
      expect(bad.code).toBe('INVALID_INPUT');
      expect(bad.message).toMatch(/url/);
      const never = await errorOf(ui.library.save({ url: `${site.pages}/roasting` }));
      expect(never.code).toBe('NOT_FOUND');
      // Saving puts a page into what agents search, and a watch reads a folder of this machine: the person's UI only.
      for (const [path, body] of [
        ['/v1/library/save', { url: espresso }],
        ['/v1/library/unwatch', { path: '/tmp' }],
      ] as const) {
        const response = await fetch(new URL(path, origin), {
          method: 'POST',
          headers: { authorization: `Bearer ${readToken(dataDir)}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        expect([path, response.status]).toEqual([path, 403]);
      }
    } finally {
      await running.close(500);
    }
  });
});

describe('lantern library save', () => {
  it('saves by address, says so, and names the field of a bad one', async () => {
    // Its own runtime on the same data dir, as a second process would be.
    const env = { LANTERN_DATA_DIR: dataDir };
    const run = await runCliInProcess(['library', 'save', espresso], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    // Saved by the tests above: the same document, said so.
    expect(run.stdout).toMatch(/^Already in your library as it is: #1 Espresso, explained \(/);
    const json = await runCliInProcess(['library', 'save', espresso, '--json'], env);
    const response = JSON.parse(json.stdout) as LibrarySaveResponse;
    expect(response).toMatchObject({ outcome: 'unchanged', documents: 1, document: { origin: espresso } });
    const list = JSON.parse((await runCliInProcess(['library', 'list', '--json'], env)).stdout) as LibraryListResponse;
    expect(list.documents.map((d) => d.path)).toEqual([espresso]);

    const bad = await runCliInProcess(['library', 'save', 'nowhere'], env);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/url/);
    const never = await runCliInProcess(['library', 'save', `${site.pages}/roasting`], env);
    expect(never.code).not.toBe(0);
    expect(never.stderr).toContain('has not read');
  });
});
