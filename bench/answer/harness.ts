/**
 * One question through the runtime: serve its pages, ask, time the events, check each citation's
 * quote against the cited page's Markdown as the runtime's fetch returns it. A two-turn follow-up
 * is three calls: its `context` in a new thread, its `question` in that thread, and its
 * `spelledOut` question alone. run.ts loops over the set; tests/integration/answer-harness.test.ts
 * drives this with stand-in composers and the runtime's own.
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
  /** Set when the answer was recorded (recordHistory): the thread it is a turn of. */
  threadId?: number | undefined;
  /** The question as searched for, when the pipeline made a follow-up stand alone. */
  searchedFor?: string | undefined;
}

/**
 * The thread goes in AnswerOptions.threadId, the path the answer service has today; when the
 * request contract gains a `threadId` too, it belongs in the request as well.
 */
export type AnswerCall = (
  request: { question: string; urls?: string[]; scope?: 'library'; composer: 'extractive' },
  options: {
    allowPrivateNetworks: boolean;
    recordHistory: boolean;
    threadId?: number;
    onEvent: (event: AnswerEventLike) => void;
  },
) => Promise<AnswerResponseLike>;

/** `ResearchApi.answer`, written on another branch: the one cast, until both are merged. */
export function answerMethod(api: ResearchApi): AnswerCall {
  const answer = (api as unknown as { answer?: AnswerCall }).answer;
  if (typeof answer !== 'function')
    throw new Error('ResearchApi.answer is missing: run this benchmark on a tree with the answer pipeline (issue 11).');
  return answer.bind(api);
}

/**
 * Where a question's pages are: served over HTTP (its urls, the default), or files of the
 * library (`--library`): asked with scope 'library', and a citation's quote checked against the
 * cited document's indexed text (`textOf` its file URL).
 */
export type PagesFrom = { kind: 'web' } | { kind: 'library'; textOf: (url: string) => string | undefined };

/** The cited page's whole Markdown as the runtime's fetch returns it (undefined when it fails). */
async function fetchMarkdown(
  api: Pick<ResearchApi, 'fetch'>,
  url: string,
): Promise<{ markdown?: string; fromCache?: boolean }> {
  try {
    const page = await api.fetch({ url, maxChars: 1_000_000 }, { allowPrivateNetworks: true });
    if (isFetchBatch(page)) return {};
    return { markdown: page.markdown, fromCache: page.fromCache };
  } catch {
    return {};
  }
}

interface CheckedCitation {
  n: number;
  url: string | null;
  quote: string;
  verbatim: boolean;
}

/** One call: its response or error, its event timings and its citations checked. */
interface Asked {
  response?: AnswerResponseLike;
  error: string | null;
  firstSourcesMs?: number;
  doneMs?: number;
  citations: CheckedCitation[];
}

async function ask(
  api: Pick<ResearchApi, 'fetch'>,
  answer: AnswerCall,
  question: string,
  urls: string[],
  thread: { recordHistory: boolean; threadId?: number },
  from: PagesFrom,
): Promise<Asked> {
  const asked: Asked = { error: null, citations: [] };
  const start = performance.now();
  try {
    asked.response = await answer(
      from.kind === 'library'
        ? { question, scope: 'library', composer: 'extractive' }
        : { question, urls, composer: 'extractive' },
      {
        allowPrivateNetworks: true,
        ...thread,
        onEvent: (event) => {
          const at = performance.now() - start;
          if (event.type === 'sources' && asked.firstSourcesMs === undefined) asked.firstSourcesMs = at;
          if (event.type === 'done') asked.doneMs = at;
        },
      },
    );
  } catch (caught) {
    asked.error = caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught);
  }
  const response = asked.response;
  if (response) {
    const markdownByUrl = new Map<string, string | undefined>();
    for (const sentence of response.sentences)
      for (const citation of sentence.citations) {
        const url = citedUrl(response, citation.n);
        if (url !== undefined && !markdownByUrl.has(url))
          markdownByUrl.set(url, from.kind === 'library' ? from.textOf(url) : (await fetchMarkdown(api, url)).markdown);
        const markdown = url === undefined ? undefined : markdownByUrl.get(url);
        asked.citations.push({
          n: citation.n,
          url: url ?? null,
          quote: citation.quote,
          verbatim: markdown !== undefined && quoteIsVerbatim(citation.quote, markdown),
        });
      }
  }
  return asked;
}

/** What a row keeps of a call other than the one its figures count. */
export interface TurnRow {
  question: string;
  answered: boolean | null;
  answerText: string | null;
  containsGold: boolean | null;
  error: string | null;
}

export interface Row extends QuestionOutcome {
  question: string;
  goldPage: string;
  urls: string[];
  goldUrl: string;
  containsGold: boolean | null;
  answered: boolean | null;
  answerText: string | null;
  /** What the pipeline searched for when it rewrote the question (a follow-up made to stand alone). */
  searchedFor: string | null;
  /** The citations of every call of the row (a follow-up's three), each checked. */
  citations: CheckedCitation[];
  pipelineTimings: AnswerResponseLike['timings'] | null;
  composer: string | null;
  error: string | null;
  /** A two-turn follow-up's other calls: the first turn, and the question asked alone. */
  turns?: { threadId: number | null; context: TurnRow; spelledOut: TurnRow };
}

function containsGoldOf(response: AnswerResponseLike | undefined, gold: string | null): boolean | null {
  return response && gold !== null ? response.answered && answerContainsGold(response.answer, gold) : null;
}

function turnRow(question: string, asked: Asked, gold: string | null): TurnRow {
  return {
    question,
    answered: asked.response?.answered ?? null,
    answerText: asked.response?.answer ?? null,
    containsGold: containsGoldOf(asked.response, gold),
    error: asked.error,
  };
}

/**
 * Asks one item. A follow-up's row counts its answer in the thread (the figures' question); its
 * context and spelled-out calls are kept in `turns`, their citations checked with the rest.
 */
export async function askOne(
  api: Pick<ResearchApi, 'fetch'>,
  answer: AnswerCall,
  item: QaItem,
  urls: string[],
  goldUrl: string,
  from: PagesFrom = { kind: 'web' },
): Promise<Row> {
  let main: Asked;
  let turns: Row['turns'];
  let spelledOutAnswer: AnswerResponseLike | undefined;
  const extraCitations: CheckedCitation[] = [];
  if (item.context !== undefined && item.spelledOut !== undefined) {
    const context = await ask(api, answer, item.context, urls, { recordHistory: true }, from);
    const threadId = context.response?.threadId;
    main =
      threadId === undefined
        ? { error: `the first turn gave no thread (${context.error ?? 'no threadId in its response'})`, citations: [] }
        : await ask(api, answer, item.question, urls, { recordHistory: true, threadId }, from);
    const spelledOut = await ask(api, answer, item.spelledOut, urls, { recordHistory: false }, from);
    spelledOutAnswer = spelledOut.response;
    extraCitations.push(...context.citations, ...spelledOut.citations);
    turns = {
      threadId: threadId ?? null,
      // The first turn has no gold of its own: the item's gold is the follow-up's.
      context: turnRow(item.context, context, null),
      spelledOut: turnRow(item.spelledOut, spelledOut, item.gold),
    };
  } else {
    main = await ask(api, answer, item.question, urls, { recordHistory: false }, from);
  }
  const response = main.response;
  const citations = [...main.citations, ...extraCitations];
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
    ...(main.firstSourcesMs === undefined ? {} : { firstSourcesMs: main.firstSourcesMs }),
    ...(main.doneMs === undefined ? {} : { doneMs: main.doneMs }),
    ...(turns ? { followUp: spelledOutAnswer ? { spelledOutAnswer } : {}, turns } : {}),
    containsGold: containsGoldOf(response, item.gold),
    answered: response?.answered ?? null,
    answerText: response?.answer ?? null,
    searchedFor: response?.searchedFor ?? null,
    citations,
    pipelineTimings: response?.timings ?? null,
    composer: response?.composer ?? null,
    error: main.error,
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
