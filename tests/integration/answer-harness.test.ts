/**
 * The answer benchmark's server and harness on real recorded pages, through the Node runtime's
 * real fetch and store. Stand-in composers quote the gold page once faithfully and once not, so the
 * harness's checks are seen to tell them apart, and record how a follow-up's three calls are made;
 * the runtime's own answer then carries a follow-up through a real thread.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerMethod,
  askOne,
  servePages,
  type AnswerCall,
  type AnswerEventLike,
  type AnswerResponseLike,
} from '../../bench/answer/harness';
import { normalizeText } from '../../bench/answer/metrics';
import { startPageServer, type PageServer } from '../../bench/answer/page-server';
import { replayRuntime, savePages } from '../../bench/answer/replay';
import { loadQaSet, pagesOf, readPageBytes, type QaItem } from '../../bench/answer/qa-set';
import { createNodeRuntime } from '../../src/main/app/node-runtime';
import { isFetchBatch } from '../../src/shared/fetch-contract';
import { sharedDataAvailable } from '../support/shared-data';

describe.skipIf(!sharedDataAvailable())('bench/answer harness', () => {
  let server: PageServer;
  let dataDir: string;
  let api: ReturnType<typeof createNodeRuntime>;
  let item: QaItem;

  beforeAll(async () => {
    server = await startPageServer();
    dataDir = mkdtempSync(join(tmpdir(), 'lantern-answer-bench-'));
    api = createNodeRuntime({ env: { ...process.env, LANTERN_DATA_DIR: dataDir } });
    item = loadQaSet().find((q) => q.id === 'en-coffee-goatherd') as QaItem;
  });

  afterAll(async () => {
    await api?.close();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves each page of a question at its own path with its stored bytes, in a seeded order', async () => {
    const { urls, goldUrl } = servePages(server, item, 'seed-a', readPageBytes);
    expect(urls).toHaveLength(pagesOf(item).length);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls.every((url) => url.startsWith(`${server.origin}/${item.id}/`))).toBe(true);
    expect(servePages(server, item, 'seed-a', readPageBytes).urls).toEqual(urls);

    const before = server.requests();
    const response = await fetch(goldUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html');
    expect(Buffer.from(await response.arrayBuffer()).equals(readPageBytes(item.goldPage))).toBe(true);
    expect((await fetch(`${server.origin}/${item.id}/nothing.html`)).status).toBe(404);
    expect(server.requests() - before).toBe(2);
  });

  it('times the events and checks quotes against the page the runtime fetched', async () => {
    const { urls, goldUrl } = servePages(server, item, 'seed-b', readPageBytes);
    const otherUrl = urls.find((url) => url !== goldUrl) as string;
    const standIn: AnswerCall = async (request, options) => {
      const emit = (event: AnswerEventLike): void => options.onEvent(event);
      emit({ type: 'sources' });
      const page = await api.fetch({ url: goldUrl }, { allowPrivateNetworks: true });
      if (isFetchBatch(page)) throw new Error('one url gives one page');
      const line = page.markdown.split('\n').find((l) => l.includes('Kaldi')) as string;
      const quote = line.slice(line.indexOf('Kaldi') - 20, line.indexOf('Kaldi') + 40);
      emit({ type: 'done' });
      expect(request.urls).toEqual(urls);
      return {
        answer: `${quote} [1] Kaldi also built the first espresso machine [2].`,
        answered: true,
        sources: [
          { n: 1, url: goldUrl },
          { n: 2, url: otherUrl },
        ],
        sentences: [
          { text: `${quote} [1]`, citations: [{ n: 1, quote }] },
          {
            text: 'Kaldi also built the first espresso machine [2].',
            citations: [{ n: 2, quote: 'Kaldi also built the first espresso machine.' }],
          },
        ],
      };
    };
    const row = await askOne(api, standIn, item, urls, goldUrl);
    expect(row.error).toBeNull();
    expect(row.containsGold).toBe(true);
    expect(row.quoteChecks).toEqual([true, false]);
    expect(row.citations.map((c) => c.url)).toEqual([goldUrl, otherUrl]);
    expect(row.citesGoldPage).toBe(true);
    expect(row.firstSourcesMs).toBeGreaterThanOrEqual(0);
    expect(row.doneMs).toBeGreaterThanOrEqual(row.firstSourcesMs as number);
    expect(normalizeText(row.answerText ?? '')).toContain('kaldi');
  });

  it('records a failed call as an error with no answer', async () => {
    const { urls, goldUrl } = servePages(server, item, 'seed-c', readPageBytes);
    const failing: AnswerCall = async () => {
      throw new Error('composer broke');
    };
    const row = await askOne(api, failing, item, urls, goldUrl);
    expect(row.error).toBe('Error: composer broke');
    expect(row.answer).toBeUndefined();
    expect(row.quoteChecks).toEqual([]);
    expect(row.containsGold).toBeNull();
  });

  describe('a two-turn follow-up', () => {
    let followUp: QaItem;
    beforeAll(() => {
      followUp = loadQaSet().find((q) => q.id === 'en-f-europa-vapor') as QaItem;
    });

    const reply = (text: string, extra: Partial<AnswerResponseLike> = {}): AnswerResponseLike => ({
      answer: text,
      answered: true,
      sources: [],
      sentences: [],
      ...extra,
    });

    it('asks the context in a new thread, the question in that thread, then the spelled-out question alone', async () => {
      const { urls, goldUrl } = servePages(server, followUp, 'seed-d', readPageBytes);
      const calls: {
        question: string;
        recordHistory: boolean;
        threadId: number | undefined;
        urls: string[] | undefined;
      }[] = [];
      const standIn: AnswerCall = async (request, options) => {
        calls.push({
          question: request.question,
          recordHistory: options.recordHistory,
          threadId: options.threadId,
          urls: request.urls,
        });
        options.onEvent({ type: 'sources' });
        options.onEvent({ type: 'done' });
        if (request.question === followUp.context) return reply('Water vapor [1].', { threadId: 7 });
        // in the thread the pronoun is not understood; spelled out, the gold is found
        if (request.question === followUp.question) return reply('It is not clear what "it" is.', { threadId: 7 });
        return reply(`Some ${followUp.gold as string} of water vapor per second.`);
      };
      const row = await askOne(api, standIn, followUp, urls, goldUrl);
      expect(calls).toEqual([
        { question: followUp.context, recordHistory: true, threadId: undefined, urls },
        { question: followUp.question, recordHistory: true, threadId: 7, urls },
        { question: followUp.spelledOut, recordHistory: false, threadId: undefined, urls },
      ]);
      // the row counts the answer in the thread
      expect(row.question).toBe(followUp.question);
      expect(row.containsGold).toBe(false);
      expect(row.answered).toBe(true);
      expect(row.turns).toMatchObject({
        threadId: 7,
        context: { question: followUp.context, answered: true, answerText: 'Water vapor [1].', containsGold: null },
        spelledOut: { question: followUp.spelledOut, containsGold: true },
      });
      expect(row.followUp?.spelledOutAnswer?.answer).toContain(followUp.gold);
    });

    it('records a first turn that gives no thread as the failure of the question in the thread', async () => {
      const { urls, goldUrl } = servePages(server, followUp, 'seed-e', readPageBytes);
      const questions: string[] = [];
      const noThread: AnswerCall = async (request) => {
        questions.push(request.question);
        return reply(followUp.gold as string);
      };
      const row = await askOne(api, noThread, followUp, urls, goldUrl);
      expect(questions).toEqual([followUp.context, followUp.spelledOut]);
      expect(row.error).toBe('the first turn gave no thread (no threadId in its response)');
      expect(row.answer).toBeUndefined();
      expect(row.turns?.spelledOut.containsGold).toBe(true);
    });

    it("goes through the runtime's own answer: the two turns in one thread, the spelled-out question in none", async () => {
      const { urls, goldUrl } = servePages(server, followUp, 'seed-f', readPageBytes);
      const threadsBefore = await api.history.list();
      const row = await askOne(api, answerMethod(api), followUp, urls, goldUrl);
      expect(row.error).toBeNull();
      expect(row.turns?.context.error).toBeNull();
      expect(row.turns?.spelledOut.error).toBeNull();
      const threads = await api.history.list();
      expect(threads).toHaveLength(threadsBefore.length + 1);
      const thread = await api.history.get({ id: row.turns?.threadId as number });
      expect(thread.turns.map((turn) => turn.question)).toEqual([followUp.context, followUp.question]);
      // every call's citations are checked against the pages the runtime fetched
      expect(row.quoteChecks).toHaveLength(row.citations.length);
      expect(row.quoteChecks.every(Boolean)).toBe(true);
    });

    it('replays the saved pages through the same pipeline to the same row, without reading the server again', async () => {
      const { urls, goldUrl } = servePages(server, followUp, 'seed-g', readPageBytes);
      const asked = await askOne(api, answerMethod(api), followUp, urls, goldUrl);
      const saved = await savePages(api, followUp.id, urls, goldUrl);
      expect(saved.pages.map((p) => p.url)).toEqual(urls);
      const replayDir = mkdtempSync(join(tmpdir(), 'lantern-answer-replay-'));
      const replay = replayRuntime([saved], replayDir);
      try {
        const before = server.requests();
        const replayed = await askOne(replay.api, replay.answer, followUp, saved.urls, saved.goldUrl);
        expect(server.requests()).toBe(before);
        const verdict = (row: typeof asked) => ({
          answerText: row.answerText,
          answered: row.answered,
          containsGold: row.containsGold,
          citesGoldPage: row.citesGoldPage,
          citations: row.citations,
          searchedFor: row.searchedFor,
          turns: { ...row.turns, threadId: undefined },
          error: row.error,
        });
        expect(replayed.answerText).not.toBeNull();
        expect(verdict(replayed)).toEqual(verdict(asked));
      } finally {
        replay.close();
        rmSync(replayDir, { recursive: true, force: true });
      }
    });
  });
});
