/**
 * The renderer's transports pass the same tests: one suite, run for every way the UI reaches the
 * core, each over a real ResearchService (real Chromium, real SQLite in a temporary data dir, the
 * local answer site standing in for Google and the web).
 *
 *  - ipc: the renderer's IPC client (src/renderer/src/client/ipc-client.ts) over the preload's
 *    bridge (src/preload/bridge.ts) and the main-process handlers (src/main/doors/electron/ipc.ts),
 *    joined by an ipcMain/ipcRenderer double that serializes as Electron does.
 *
 * The HTTP transport is the renderer's own client (src/renderer/src/client/http-client.ts) against
 * the server `lantern serve` runs, signed in as the web UI is (one-time code → session cookie);
 * the IPC transport is the desktop app's client over the preload bridge and the main-process
 * handlers (test doubles of ipcMain/ipcRenderer). What differs between doors (which calls record
 * history) is left out of the suite on purpose.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../src/renderer/src/client/http-client';
import { createIpcClient } from '../../src/renderer/src/client/ipc-client';
import { startLanternServer } from '../../src/main/doors/http/lantern-server';
import { createBridge } from '../../src/preload/bridge';
import { ownUiMatcher, registerIpcHandlers } from '../../src/main/doors/electron/ipc';
import { createNodeRuntime } from '../../src/main/app/node-runtime';
import type { ResearchService } from '../../src/main/app/service';
import type { ResearchApi } from '../../src/shared/api';
import type { AnswerEvent } from '../../src/shared/answer-contract';
import type { ResearchEvent } from '../../src/shared/research-contract';
import { errorOf } from '../support/error-of';
import { ANSWER_SITE_QUERIES, startAnswerSite, type AnswerSite } from '../support/answer-site';
import { IpcMainDouble, ipcRendererDouble, webUtilsDouble } from '../support/ipc-double';
import { serveModelFile, writeTestCatalog, type ModelFileServer } from '../support/model-servers';
import type { ModelDownloadEvent } from '../../src/shared/models-contract';

interface Transport {
  name: string;
  connect(runtime: ResearchService): Promise<{ client: ResearchApi; close(): Promise<void> }>;
}

const UI_URL = 'app://lantern/index.html';

const TRANSPORTS: Transport[] = [
  {
    name: 'ipc',
    async connect(runtime) {
      const ipcMain = new IpcMainDouble();
      const unregister = registerIpcHandlers({
        ipcMain,
        api: runtime,
        isOwnUi: ownUiMatcher(UI_URL),
        runs: runtime.runs,
      });
      const client = createIpcClient(
        createBridge(ipcRendererDouble(ipcMain, { url: UI_URL, parent: null }), webUtilsDouble()),
      );
      return { client, close: async () => unregister() };
    },
  },
  {
    name: 'http',
    async connect(runtime) {
      const running = await startLanternServer({
        api: runtime,
        dataDir,
        port: 0,
        version: 'test',
        log: () => undefined,
      });
      const origin = running.server.url;
      // Signed in as a browser is: the one-time link answers with the session cookie.
      const login = await fetch(running.webUi!.loginUrl(origin), { redirect: 'manual' });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      expect(cookie).toMatch(/=/);
      const client = createHttpClient((path, init) =>
        fetch(new URL(path, origin), { ...init, headers: { ...(init.headers as Record<string, string>), cookie } }),
      );
      return { client, close: () => running.close(500) };
    },
  },
];

let site: AnswerSite;
let runtime: ResearchService;
let dataDir: string;
let modelFile: ModelFileServer;
beforeAll(async () => {
  site = await startAnswerSite();
  modelFile = await serveModelFile();
  dataDir = mkdtempSync(join(tmpdir(), 'lantern-transport-'));
  runtime = createNodeRuntime({
    env: {
      ...process.env,
      LANTERN_DATA_DIR: dataDir,
      LANTERN_ENGINE_URL_GOOGLE: site.engine,
      LANTERN_PAGE_TIMEOUT_MS: '30000',
      LANTERN_MODEL_CATALOG: writeTestCatalog(dataDir, modelFile),
    },
  });
  await runtime.settings.update({ fetch: { allowPrivateNetworks: true } });
});
afterAll(async () => {
  await runtime?.close();
  await site?.close();
  await modelFile?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.each(TRANSPORTS)('the $name transport', (transport) => {
  let client: ResearchApi;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ client, close } = await transport.connect(runtime));
  });
  afterAll(async () => close?.());

  it('searches', async () => {
    const response = await client.search({ query: 'espresso caffeine', engine: 'google' });
    expect(response.results.length).toBeGreaterThan(0);
    expect(response.results[0]).toMatchObject({ index: 0, url: expect.stringMatching(/^http/) });
  });

  it('searches several queries at once, a failed one in its place', async () => {
    const batch = await client.searchMany({
      queries: [ANSWER_SITE_QUERIES.serverError, 'espresso caffeine'],
      engine: 'google',
    });
    expect(
      batch.results.map((outcome) => [
        outcome.query,
        outcome.ok ? outcome.response.results.length > 0 : outcome.error.code,
      ]),
    ).toEqual([
      [ANSWER_SITE_QUERIES.serverError, 'ENGINE_UNREACHABLE'],
      ['espresso caffeine', true],
    ]);
  });

  it('says INVALID_INPUT, as a LanternError with its code, for a bad request', async () => {
    const error = await errorOf(client.search({ query: '   ' }));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toMatch(/query/);
  });

  it('fetches a page as Markdown', async () => {
    const page = await client.fetch({ url: `${site.pages}/espresso` });
    expect('markdown' in page && page.markdown).toContain('9 bars of pressure');
  });

  it('answers with cited sources and tells each step as it happens, done last', async () => {
    const events: AnswerEvent[] = [];
    const answer = await client.answer(
      { question: 'How much caffeine is in a shot of espresso?', urls: [`${site.pages}/espresso`] },
      { onEvent: (event) => events.push(event) },
    );
    expect(answer.answer).toContain('63 mg');
    expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(['sources', 'page', 'citations', 'done']));
    expect(events.at(-1)?.type).toBe('done');
  });

  it('downloads a model, its progress told as events, the last one the whole file', async () => {
    await client.models!.remove({ id: 'tiny-chat' });
    const events: ModelDownloadEvent[] = [];
    const done = await client.models!.download({ id: 'tiny-chat' }, { onEvent: (event) => events.push(event) });
    expect(done).toEqual({ id: 'tiny-chat', path: join(dataDir, 'models', 'tiny-chat.gguf') });
    expect(events.length).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({
      type: 'progress',
      id: 'tiny-chat',
      receivedBytes: modelFile.body.length,
      totalBytes: modelFile.body.length,
    });
  });

  it("fails an answer with the core's error, its details included (those of a failed question name the thread it was kept in)", async () => {
    const error = await errorOf(client.answer({ question: ANSWER_SITE_QUERIES.serverError, engine: 'google' }));
    expect(error.code).toBe('ENGINE_UNREACHABLE');
    expect(error.details).toMatchObject({ engine: 'google', status: 500, threadId: expect.any(Number) });
  });

  it('researches: a plan from the results page, then a run whose steps arrive as they happen and whose report comes last', async () => {
    const question = 'How much caffeine is in a shot of espresso?';
    const plan = await client.research.plan({ question, engine: 'google' });
    // The results page's suggestions are the facets; the question itself is the summary's to answer.
    expect(plan).toMatchObject({
      plannedBy: 'facets',
      subQuestions: expect.arrayContaining(['Is espresso stronger than drip coffee?']),
    });
    expect(plan.subQuestions).not.toContain(question);
    const events: ResearchEvent[] = [];
    const report = await client.research.run(
      { question, subQuestions: [question], maxPages: 3, engine: 'google' },
      { onEvent: (event) => events.push(event) },
    );
    expect(report.sections[0]).toMatchObject({
      title: question,
      answered: true,
      text: expect.stringContaining('63 mg'),
    });
    expect(report.markdown).toContain('[^1]:');
    expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(['plan', 'search', 'page', 'section']));
    expect(events.at(-1)?.type).toBe('done');
    expect((await errorOf(client.research.run({ question, maxPages: 0 }))).code).toBe('INVALID_INPUT');
  });

  it('a stopped research run resolves with the report of what was read, said to be stopped', async () => {
    const question = 'How much caffeine is in a shot of espresso?';
    const controller = new AbortController();
    // The second search never answers: the run is held there until it is stopped.
    const running = client.research.run(
      { question, subQuestions: [question, ANSWER_SITE_QUERIES.hang], engine: 'google' },
      {
        signal: controller.signal,
        onEvent: (event) => {
          if (event.type === 'search' && event.query === ANSWER_SITE_QUERIES.hang && event.state === 'started')
            controller.abort();
        },
      },
    );
    const report = await running;
    expect(report.stopped).toBe('cancelled');
    expect(report.plan.subQuestions).toEqual([question, ANSWER_SITE_QUERIES.hang]);
  });

  it('cancels an answer when its signal aborts', async () => {
    const controller = new AbortController();
    const answering = client.answer(
      { question: 'What never loads?', urls: [`${site.pages}/hang`] },
      {
        signal: controller.signal,
        // Cancelled once the pipeline has started on the page that never answers.
        onEvent: (event) => event.type === 'sources' && controller.abort(),
      },
    );
    expect((await errorOf(answering)).code).toBe('CANCELLED');
  });

  it('reads, searches and exports history, and says NOT_FOUND for a thread that is not there', async () => {
    expect(Array.isArray(await client.history.list())).toBe(true);
    expect(Array.isArray(await client.history.search({ text: 'espresso' }))).toBe(true);
    for (const call of [
      client.history.get({ id: 987_654 }),
      client.history.delete({ id: 987_654 }),
      client.history.export({ id: 987_654 }),
    ]) {
      expect((await errorOf(call)).code).toBe('NOT_FOUND');
    }
  });

  it('changes, refuses and resets settings', async () => {
    const changed = await client.settings.update({ pageTimeoutMs: 7000 });
    expect(changed.pageTimeoutMs).toBe(7000);
    expect((await client.settings.get()).pageTimeoutMs).toBe(7000);
    expect((await errorOf(client.settings.update({ pageTimeoutMs: -1 }))).code).toBe('INVALID_INPUT');
    expect((await client.settings.reset()).pageTimeoutMs).not.toBe(7000);
    await client.settings.update({ fetch: { allowPrivateNetworks: true } });
  });

  it('lists CAPTCHA blocks, and says NOT_FOUND when asked to wait for an engine that is not blocked', async () => {
    expect(await client.captcha.pending()).toMatchObject({ blocks: [] });
    const error = await errorOf(client.captcha.wait({ engine: 'google', timeoutMs: 0 }));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toContain('nothing to wait for');
  });
});
