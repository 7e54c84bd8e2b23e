/**
 * The answer benchmark's server and harness on real recorded pages, through the Node runtime's
 * real fetch and store. The composer is a stand-in (the answer pipeline is built elsewhere): it
 * quotes the gold page once faithfully and once not, so the harness's checks are seen to tell them apart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askOne, servePages, type AnswerCall, type AnswerEventLike } from '../../bench/answer/harness';
import { normalizeText } from '../../bench/answer/metrics';
import { startPageServer, type PageServer } from '../../bench/answer/page-server';
import { loadQaSet, pagesOf, readPageBytes, type QaItem } from '../../bench/answer/qa-set';
import { createNodeRuntime } from '../../src/main/node-runtime';
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
});
