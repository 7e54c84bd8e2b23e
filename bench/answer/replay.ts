/**
 * Replaying the answer benchmark from pages saved by a full run, so a change to passages,
 * ranking, cues or the composer is measured in seconds instead of minutes.
 *
 * A full run with `--save-pages FILE` writes one JSON line per question: its URLs, its gold URL
 * and every page as the runtime's fetch returned it after the answer (the page cache's copy: the
 * one the pipeline read). `--replay FILE` then asks each question again through the runtime's own
 * AnswerService (standalone rewrite, passages, ranking, composer, citation check, threads in a
 * SQLite store of its own), its fetch answered from the saved pages, with no server, browser or
 * rate limit; the harness checks quotes against the saved pages as it does against the runtime's.
 * Its figures are the full run's on the same tree (timings aside: nothing is fetched).
 */
import { join } from 'node:path';
import type { ResearchApi } from '../../src/shared/api.js';
import type { ErrorInfo } from '../../src/shared/contract.js';
import { LanternError, toErrorInfo } from '../../src/shared/errors.js';
import type { FetchPage, FetchRequestInput } from '../../src/shared/fetch-contract.js';
import { AnswerService } from '../../src/main/answer/answer-service.js';
import { textWindow } from '../../src/main/fetch/budget.js';
import type { FetchService } from '../../src/main/fetch/index.js';
import { openStore } from '../../src/main/store/index.js';
import type { AnswerCall } from './harness.js';

/** One question's pages as a full run read them. */
export interface SavedPages {
  id: string;
  urls: string[];
  goldUrl: string;
  pages: { url: string; page?: FetchPage; error?: ErrorInfo }[];
}

/** Each of the question's URLs fetched as the harness fetches it to check quotes (up to 1,000,000 characters: the whole page here). */
export async function savePages(
  api: Pick<ResearchApi, 'fetch'>,
  id: string,
  urls: string[],
  goldUrl: string,
): Promise<SavedPages> {
  const pages: SavedPages['pages'] = [];
  for (const url of urls) {
    try {
      const page = await api.fetch({ url, maxChars: 1_000_000 }, { allowPrivateNetworks: true });
      if (!('markdown' in page)) throw new LanternError('INTERNAL', 'one URL gave a batch');
      pages.push({ url, page });
    } catch (error) {
      pages.push({ url, error: toErrorInfo(error) });
    }
  }
  return { id, urls, goldUrl, pages };
}

/** A fetch that serves the saved pages, windowed as the fetch service windows them. */
export function savedFetch(saved: SavedPages[]): Pick<FetchService, 'fetch'> {
  const byUrl = new Map(saved.flatMap((q) => q.pages.map((p) => [p.url, p] as const)));
  return {
    fetch: async (request: FetchRequestInput) => {
      const entry = request.url === undefined ? undefined : byUrl.get(request.url);
      if (entry?.page === undefined)
        throw new LanternError(
          entry?.error?.code ?? 'NOT_FOUND',
          entry?.error?.message ?? `${request.url} was not saved`,
        );
      const { markdown } = entry.page;
      const window = textWindow(markdown, request.offset ?? 0, request.maxChars ?? markdown.length);
      return {
        ...entry.page,
        markdown: window.text,
        totalChars: markdown.length,
        truncated: window.truncated,
        ...(window.nextOffset === undefined ? {} : { nextOffset: window.nextOffset }),
      };
    },
  };
}

/** The runtime's answer pipeline over saved pages: the api the harness checks quotes with, and its answer call. */
export function replayRuntime(
  saved: SavedPages[],
  dataDir: string,
): { api: Pick<ResearchApi, 'fetch'>; answer: AnswerCall; close(): void } {
  const fetch = savedFetch(saved);
  const store = openStore({ path: join(dataDir, 'replay.sqlite') });
  const service = new AnswerService({
    search: () => Promise.reject(new LanternError('INTERNAL', 'a replayed question searched')),
    fetch: async () => fetch as FetchService,
    store,
  });
  return {
    api: { fetch: (request) => fetch.fetch(request) },
    answer: (request, options) => service.answer(request, options),
    close: () => store.close(),
  };
}
