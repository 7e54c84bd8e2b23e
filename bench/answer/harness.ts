/**
 * One question through the runtime: serve its pages, ask, time the events, check each citation's
 * quote against the cited page's Markdown as the runtime's fetch returns it. run.ts loops over the
 * set; tests/integration/answer-harness.test.ts drives this with a stand-in composer.
 */
import { performance } from 'node:perf_hooks';
import type { ResearchApi } from '../../src/shared/api.js';
import { isFetchBatch } from '../../src/shared/fetch-contract.js';
import {
  answerContainsGold,
  citedUrl,
  citesGoldPage,
  quoteIsVerbatim,
  shuffled,
  type AnswerLike,
  type QuestionOutcome,
} from './metrics.js';
import type { PageServer } from './page-server.js';
import { pageSlug, pagesOf, type QaItem } from './qa-set.js';

// The parts of the answer contract (src/shared/answer-contract.ts, issue 11) that the harness reads.

export interface AnswerEventLike {
  type: string;
}

export interface AnswerResponseLike extends AnswerLike {
  composer?: string;
  supportedShare?: number;
  timings?: { firstSourcesMs?: number; totalMs?: number };
}

export type AnswerCall = (
  request: { question: string; urls: string[]; composer: 'extractive' },
  options: { allowPrivateNetworks: boolean; recordHistory: boolean; onEvent: (event: AnswerEventLike) => void },
) => Promise<AnswerResponseLike>;

/** `ResearchApi.answer`, written on another branch: the one cast, until both are merged. */
export function answerMethod(api: ResearchApi): AnswerCall {
  const answer = (api as unknown as { answer?: AnswerCall }).answer;
  if (typeof answer !== 'function')
    throw new Error('ResearchApi.answer is missing: run this benchmark on a tree with the answer pipeline (issue 11).');
  return answer.bind(api);
}

/** The cited page's whole Markdown as the runtime's fetch returns it (undefined when it fails). */
async function fetchMarkdown(api: ResearchApi, url: string): Promise<{ markdown?: string; fromCache?: boolean }> {
  try {
    const page = await api.fetch({ url, maxChars: 1_000_000 }, { allowPrivateNetworks: true });
    if (isFetchBatch(page)) return {};
    return { markdown: page.markdown, fromCache: page.fromCache };
  } catch {
    return {};
  }
}

export interface Row extends QuestionOutcome {
  question: string;
  goldPage: string;
  urls: string[];
  goldUrl: string;
  containsGold: boolean | null;
  answered: boolean | null;
  answerText: string | null;
  citations: { n: number; url: string | null; quote: string; verbatim: boolean }[];
  pipelineTimings: AnswerResponseLike['timings'] | null;
  composer: string | null;
  error: string | null;
}

export async function askOne(
  api: ResearchApi,
  answer: AnswerCall,
  item: QaItem,
  urls: string[],
  goldUrl: string,
): Promise<Row> {
  let firstSourcesMs: number | undefined;
  let doneMs: number | undefined;
  const start = performance.now();
  let response: AnswerResponseLike | undefined;
  let error: string | null = null;
  try {
    response = await answer(
      { question: item.question, urls, composer: 'extractive' },
      {
        allowPrivateNetworks: true,
        recordHistory: false,
        onEvent: (event) => {
          const at = performance.now() - start;
          if (event.type === 'sources' && firstSourcesMs === undefined) firstSourcesMs = at;
          if (event.type === 'done') doneMs = at;
        },
      },
    );
  } catch (caught) {
    error = caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught);
  }
  const citations: Row['citations'] = [];
  if (response) {
    const markdownByUrl = new Map<string, string | undefined>();
    for (const sentence of response.sentences)
      for (const citation of sentence.citations) {
        const url = citedUrl(response, citation.n);
        if (url !== undefined && !markdownByUrl.has(url))
          markdownByUrl.set(url, (await fetchMarkdown(api, url)).markdown);
        const markdown = url === undefined ? undefined : markdownByUrl.get(url);
        citations.push({
          n: citation.n,
          url: url ?? null,
          quote: citation.quote,
          verbatim: markdown !== undefined && quoteIsVerbatim(citation.quote, markdown),
        });
      }
  }
  const containsGold = response && item.gold !== null ? response.answered && answerContainsGold(response.answer, item.gold) : null;
  const goldPath = new URL(goldUrl).pathname;
  return {
    id: item.id,
    question: item.question,
    gold: item.gold,
    goldPage: item.goldPage,
    urls,
    goldUrl,
    ...(response ? { answer: response } : {}),
    quoteChecks: citations.map((c) => c.verbatim),
    // Sources may carry the final URL: the path names the page.
    citesGoldPage:
      response !== undefined && item.gold !== null
        ? citesGoldPage(response, item.gold, (url) => new URL(url).pathname === goldPath)
        : false,
    ...(firstSourcesMs === undefined ? {} : { firstSourcesMs }),
    ...(doneMs === undefined ? {} : { doneMs }),
    containsGold,
    answered: response?.answered ?? null,
    answerText: response?.answer ?? null,
    citations,
    pipelineTimings: response?.timings ?? null,
    composer: response?.composer ?? null,
    error,
  };
}

/**
 * Serves the question's pages under a path of its own, in an order shuffled with `seed`; returns
 * their URLs in that order and the gold page's URL.
 */
export function servePages(
  server: PageServer,
  item: QaItem,
  seed: string,
  readBytes: (page: string) => Uint8Array,
): { urls: string[]; goldUrl: string } {
  const pages = shuffled(pagesOf(item), `${seed}:${item.id}`);
  const urls = pages.map((page) => server.add(`/${item.id}/${pageSlug(page)}.html`, readBytes(page)));
  return { urls, goldUrl: urls[pages.indexOf(item.goldPage)] as string };
}
