/**
 * The answer pipeline on hand-made pages served on 127.0.0.1: the real FetchService (guarded
 * HTTP client, extraction) and a real SQLite store. The search step is a hand-written function
 * here (the real SearchService and Chromium run in answer-cli.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerService, type AnswerServiceDeps } from '../../src/main/answer/answer-service';
import type { Composer } from '../../src/main/answer/composer';
import type { FollowUpWriter } from '../../src/main/answer/llm-follow-ups';
import { createFetchService } from '../../src/main/fetch/service';
import { HistoryService } from '../../src/main/history/history-service';
import { AnswerResponseSchema, type AnswerEvent } from '../../src/shared/answer-contract';
import type { SearchResponse } from '../../src/shared/contract';
import { LanternError } from '../../src/shared/errors';
import { isFetchBatch } from '../../src/shared/fetch-contract';
import { ThreadSchema } from '../../src/shared/history-contract';
import { ARTICLES, searchOverPages, startAnswerSite, type AnswerSite } from '../support/answer-site';
import { errorOf } from '../support/error-of';
import { fenceOffNetwork } from '../support/network-fence';
import { tempStore } from '../support/temp-store';

let site: AnswerSite;
let unfence: () => void;
beforeAll(async () => {
  unfence = fenceOffNetwork();
  site = await startAnswerSite();
});
afterAll(async () => {
  await site.close();
  unfence();
});

const fetchService = createFetchService({ settings: () => ({ allowPrivateNetworks: false }) });

const searchReturning = (paths: string[], extra: Partial<SearchResponse> = {}) =>
  searchOverPages(
    () => site.pages,
    () => paths,
    extra,
  );

function service(
  options: {
    search?: AnswerServiceDeps['search'];
    llmComposer?: Composer;
    llmFollowUps?: FollowUpWriter;
    readBudgetMs?: number;
  } = {},
) {
  const temp = tempStore();
  const answers = new AnswerService({
    search: options.search ?? searchReturning([]),
    fetch: async () => fetchService,
    store: temp.store,
    ...(options.llmComposer ? { llmComposer: () => options.llmComposer } : {}),
    ...(options.llmFollowUps ? { llmFollowUps: () => options.llmFollowUps } : {}),
    ...(options.readBudgetMs ? { readBudgetMs: () => options.readBudgetMs ?? 0 } : {}),
  });
  return { answers, store: temp.store, cleanup: temp.cleanup };
}

const ESPRESSO = ARTICLES['/espresso'].paragraphs;

describe('answer from given pages (extractive)', () => {
  it('answers with verbatim cited sentences, every citation supported and quoting the page', async () => {
    const { answers, cleanup } = service();
    const events: AnswerEvent[] = [];
    const response = await answers.answer(
      {
        question: 'How much caffeine is in a shot of espresso?',
        urls: [`${site.pages}/espresso`, `${site.pages}/green-tea`],
      },
      { allowPrivateNetworks: true, onEvent: (e) => events.push(e) },
    );
    cleanup();
    AnswerResponseSchema.parse(response);
    // The short answer first (the amount asked for, quoted from the sentence), then the sentence.
    expect(response.answer.split('\n')[0]).toBe('**63 mg** [1]');
    expect(response.answer).toContain('A single shot of espresso contains about 63 mg of caffeine. [1]');
    expect(response.answered).toBe(true);
    expect(response.composer).toBe('extractive');
    expect(response.supportedShare).toBe(1);
    // Green tea's caffeine sentence names none of "shot" or "espresso": not padded in.
    expect(response.answer).not.toContain('[2]');
    expect(response.sources.map((s) => [s.n, s.title])).toEqual([
      [1, 'Espresso, explained'],
      [2, 'Green tea basics'],
    ]);
    const lead = response.sentences[0]?.citations[0];
    expect(lead).toMatchObject({
      n: 1,
      supported: true,
      quote: 'A single shot of espresso contains about 63 mg of caffeine.',
    });
    // The range points at the quote in the page's markdown as fetch returns it.
    const page = await fetchService.fetch({ url: `${site.pages}/espresso` }, { allowPrivateNetworks: true });
    if (isFetchBatch(page)) throw new Error('expected one page');
    expect(page.markdown.slice(lead?.range[0], lead?.range[1])).toBe(lead?.quote);
    expect(response.sources[0]?.quotes).toContain(lead?.quote);

    expect(events.map((e) => e.type)).toEqual(['sources', 'page', 'page', 'text', 'citations', 'done']);
    expect(events.filter((e) => e.type === 'page').map((e) => e.state)).toEqual(['read', 'read']);
    expect(
      events
        .filter((e) => e.type === 'text')
        .map((e) => e.delta)
        .join(''),
    ).toBe(response.answer);
  });

  it('answers a Chinese question from a Chinese page', async () => {
    const { answers, cleanup } = service();
    const response = await answers.answer(
      { question: '一杯浓缩咖啡含有多少咖啡因？', urls: [`${site.pages}/kafei`] },
      { allowPrivateNetworks: true },
    );
    cleanup();
    expect(response.answer).toBe('一杯浓缩咖啡含有约63毫克咖啡因。 [1]');
    expect(response.sentences[0]?.citations[0]).toMatchObject({
      supported: true,
      quote: '一杯浓缩咖啡含有约63毫克咖啡因。',
    });
  });

  it('quotes at most two sentences of one source', async () => {
    const { answers, cleanup } = service();
    const response = await answers.answer(
      { question: 'espresso shot', urls: [`${site.pages}/espresso`] },
      { allowPrivateNetworks: true },
    );
    cleanup();
    expect(response.answered).toBe(true);
    // Four sentences of the page name "espresso" or "shot"; the lead and one key point are kept.
    expect(response.answer.match(/\[1\]/g)).toHaveLength(2);
  });

  it('says plainly when the pages do not answer, and lists what they cover', async () => {
    const { answers, cleanup } = service();
    const response = await answers.answer(
      {
        question: 'What is the boiling point of mercury?',
        urls: [`${site.pages}/espresso`, `${site.pages}/green-tea`],
      },
      { allowPrivateNetworks: true },
    );
    cleanup();
    expect(response.answered).toBe(false);
    expect(response.answer).toBe(
      'The sources do not answer this question. What they cover:\n\n- Espresso, explained\n- Green tea basics',
    );
    expect(response.sentences.flatMap((s) => s.citations)).toEqual([]);

    // Half the question's words are on a page ("espresso machines … patented in Turin"): still no answer.
    const { answers: again, cleanup: cleanupAgain } = service();
    const near = await again.answer(
      { question: 'What does an espresso machine cost in Japan?', urls: [`${site.pages}/espresso`] },
      { allowPrivateNetworks: true },
    );
    cleanupAgain();
    expect(near.answered).toBe(false);
  });

  it('drops a page that misses the reading budget, reports it failed, and does not wait for it', async () => {
    const { answers, cleanup } = service({ readBudgetMs: 1500 });
    const events: AnswerEvent[] = [];
    const response = await answers.answer(
      {
        question: 'How much caffeine is in a shot of espresso?',
        urls: [`${site.pages}/hang`, `${site.pages}/espresso`, `${site.pages}/broken`],
      },
      { allowPrivateNetworks: true, onEvent: (e) => events.push(e) },
    );
    cleanup();
    // /hang never answers: the budget, not the fetch's own 10 s limit, left it out.
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'page',
        n: 1,
        state: 'failed',
        message: "Not read within the answer's 1500 ms reading budget; left out.",
      }),
    );
    const pageEvents = events.flatMap((e) => (e.type === 'page' ? [[e.n, e.state, e.code]] : []));
    expect(pageEvents).toContainEqual([1, 'failed', 'TIMEOUT']);
    expect(pageEvents).toContainEqual([2, 'read', undefined]);
    expect(pageEvents.find(([n]) => n === 3)?.[1]).toBe('failed');
    expect(pageEvents).toHaveLength(3);
    expect(response.answer).toContain('[2]');
    expect(response.sources.map((s) => s.n)).toEqual([1, 2, 3]);
  });

  it("fails with the pages' own error when none could be read (loopback without the permission)", async () => {
    const { answers, cleanup } = service();
    const events: AnswerEvent[] = [];
    const error = await errorOf(
      answers.answer(
        { question: 'How much caffeine is in a shot of espresso?', urls: [`${site.pages}/espresso`] },
        { onEvent: (e) => events.push(e) },
      ),
    );
    cleanup();
    expect(error.code).toBe('BLOCKED_URL');
    expect(error.message).toMatch(
      new RegExp(
        `^None of the 1 pages could be read, so there is nothing to answer from\\. \\[1\\] ${site.pages}/espresso: BLOCKED_URL: `,
      ),
    );
    expect(events.map((e) => e.type)).toEqual(['sources', 'page', 'error']);
    expect(events[1]).toMatchObject({ state: 'failed', code: 'BLOCKED_URL' });
  });

  it('answers bad input with INVALID_INPUT before any work', async () => {
    const { answers, cleanup } = service();
    const before = site.requests.length;
    const events: AnswerEvent[] = [];
    expect((await errorOf(answers.answer({ question: '  ' }, { onEvent: (e) => events.push(e) }))).code).toBe(
      'INVALID_INPUT',
    );
    expect(events).toEqual([
      {
        type: 'error',
        error: {
          code: 'INVALID_INPUT',
          message: 'Invalid answer request: question: query is empty (got string "  ")',
          details: { issues: ['question: query is empty (got string "  ")'] },
        },
      },
    ]);
    expect((await errorOf(answers.answer({ question: 'q', urls: ['ftp://x.example/a'] }))).message).toMatch(
      /urls\.0: url must be an http\(s\) URL/,
    );
    expect((await errorOf(answers.answer({ question: 'q', pages: 11 }))).code).toBe('INVALID_INPUT');
    expect((await errorOf(answers.answer({ question: 'q', composer: 'llm' }))).message).toMatch(/needs an LLM/);
    cleanup();
    expect(site.requests.length).toBe(before);
  });
});

describe('answer through a search', () => {
  it('reads the top `pages` results, numbers them in result order, and offers follow-ups', async () => {
    const search = searchReturning(['/roasting', '/espresso', '/green-tea'], {
      peopleAlsoAsk: ['Is espresso stronger than drip coffee?'],
      relatedSearches: ['espresso vs ristretto', 'Is espresso stronger than drip coffee?'],
    });
    const { answers, cleanup } = service({ search });
    const response = await answers.answer(
      { question: 'How much caffeine is in a shot of espresso?', pages: 2 },
      { allowPrivateNetworks: true },
    );
    cleanup();
    expect(response.sources.map((s) => [s.n, s.url])).toEqual([
      [1, `${site.pages}/roasting`],
      [2, `${site.pages}/espresso`],
    ]);
    // The short answer first (the amount asked for, quoted from the sentence), then the sentence.
    expect(response.answer.split('\n')[0]).toBe('**63 mg** [2]');
    expect(response.answer).toContain('A single shot of espresso contains about 63 mg of caffeine. [2]');
    expect(response.followUps).toEqual(['Is espresso stronger than drip coffee?', 'espresso vs ristretto']);
  });
});

describe('follow-up questions written by the LLM', () => {
  const search = searchReturning(['/espresso'], { peopleAlsoAsk: ['Is espresso stronger than drip coffee?'] });
  const llmAnswer: Composer = async ({ onText }) => {
    const text = 'A single shot of espresso contains about 63 mg of caffeine [1].';
    onText(text);
    return text;
  };
  const question = 'How much caffeine is in a shot of espresso?';

  it("come first, before the results page's own, after an answer the model wrote from it", async () => {
    const seen: { question: string; answer: string }[] = [];
    const writer: FollowUpWriter = async (input) => {
      seen.push({ question: input.question, answer: input.answer });
      return ['How much caffeine is in a double shot?', 'Is espresso stronger than drip coffee?'];
    };
    const { answers, cleanup } = service({ search, llmComposer: llmAnswer, llmFollowUps: writer });
    const response = await answers.answer({ question, pages: 1 }, { allowPrivateNetworks: true });
    cleanup();
    expect(seen).toEqual([{ question, answer: 'A single shot of espresso contains about 63 mg of caffeine [1].' }]);
    expect(response.followUps).toEqual([
      'How much caffeine is in a double shot?',
      'Is espresso stronger than drip coffee?',
    ]);
  });

  it('are left out, the answer complete, when the model fails to write them', async () => {
    const failing: FollowUpWriter = () =>
      Promise.reject(new LanternError('LLM_FAILED', 'The model endpoint answered 503.'));
    const { answers, cleanup } = service({ search, llmComposer: llmAnswer, llmFollowUps: failing });
    const response = await answers.answer({ question, pages: 1 }, { allowPrivateNetworks: true });
    cleanup();
    expect(response.composer).toBe('llm');
    expect(response.llmError).toBeUndefined();
    expect(response.followUps).toEqual(['Is espresso stronger than drip coffee?']);
  });

  it('are not asked for after an extractive answer', async () => {
    const never: FollowUpWriter = () => Promise.reject(new Error('must not be called'));
    const { answers, cleanup } = service({ search, llmComposer: llmAnswer, llmFollowUps: never });
    const response = await answers.answer(
      { question, pages: 1, composer: 'extractive' },
      { allowPrivateNetworks: true },
    );
    cleanup();
    expect(response.followUps).toEqual(['Is espresso stronger than drip coffee?']);
  });
});

describe('the search behind an answer', () => {
  it('asks for only the results it will read, from the first results page alone', async () => {
    const asked: Array<{ limit: number | undefined; firstPageOnly: boolean | undefined }> = [];
    const results = searchReturning(['/espresso', '/green-tea']);
    const { answers, cleanup } = service({
      search: async (request, options) => (
        asked.push({ limit: request.limit, firstPageOnly: options.firstPageOnly }),
        results()
      ),
    });
    await answers.answer(
      { question: 'How much caffeine is in a shot of espresso?', pages: 2 },
      { allowPrivateNetworks: true },
    );
    await answers.answer({ question: 'How much caffeine is in a shot of espresso?' }, { allowPrivateNetworks: true });
    cleanup();
    expect(asked).toEqual([
      { limit: 2, firstPageOnly: true },
      { limit: 6, firstPageOnly: true },
    ]);
  });
});

describe('a search without results', () => {
  it('fails with NOT_FOUND rather than answering from nothing', async () => {
    const { answers, cleanup } = service({ search: searchReturning([]) });
    const error = await errorOf(answers.answer({ question: 'zzqx' }));
    cleanup();
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe(
      'The search for "zzqx" found no results to read; try other words, or pass the pages as urls.',
    );
  });
});

describe('history', () => {
  it('stores each answer as a turn; a follow-up continues the thread; full-text search finds it', async () => {
    const { answers, store, cleanup } = service();
    const urls = [`${site.pages}/espresso`, `${site.pages}/green-tea`];
    const first = await answers.answer(
      { question: 'How much caffeine is in a shot of espresso?', urls },
      { allowPrivateNetworks: true, recordHistory: true },
    );
    expect(first.threadId).toBeTypeOf('number');
    const second = await answers.answer(
      { question: 'At what temperature should green tea be brewed?', urls },
      { allowPrivateNetworks: true, recordHistory: true, threadId: first.threadId ?? 0 },
    );
    expect(second.threadId).toBe(first.threadId);
    const thread = store.history.getThread(first.threadId ?? 0);
    expect(thread?.turns.map((t) => [t.mode, t.question])).toEqual([
      ['answer', 'How much caffeine is in a shot of espresso?'],
      ['answer', 'At what temperature should green tea be brewed?'],
    ]);
    expect(thread?.turns[1]?.answer).toBe(second.answer);
    expect(thread?.turns[1]?.answer).toContain('80 degrees Celsius');
    expect(thread?.turns[0]?.citations).toEqual(first.sentences);
    expect(thread?.turns[0]?.sources.map((s) => s.url)).toEqual(urls);
    const hits = store.fullText.search('Celsius', { scope: 'history', limit: 5 });
    expect(hits.some((h) => h.kind === 'turn' && h.turnId === thread?.turns[1]?.id)).toBe(true);
    const missing = await errorOf(answers.answer({ question: 'q', urls }, { recordHistory: true, threadId: 999 }));
    expect(missing.code).toBe('NOT_FOUND');
    cleanup();
  });
});

describe('composers', () => {
  const urls = (): string[] => [`${site.pages}/espresso`];

  it('falls back to the extractive answer when the LLM fails, and says why', async () => {
    const failing: Composer = async ({ onText }) => {
      onText('Espresso');
      throw new LanternError('LLM_FAILED', 'The model endpoint answered 503.');
    };
    const { answers, cleanup } = service({ llmComposer: failing });
    const response = await answers.answer(
      { question: 'How much caffeine is in a shot of espresso?', urls: urls() },
      { allowPrivateNetworks: true },
    );
    cleanup();
    expect(response.composer).toBe('extractive');
    expect(response.llmError).toEqual({ code: 'LLM_FAILED', message: 'The model endpoint answered 503.' });
    // The short answer first (the amount asked for, quoted from the sentence), then the sentence.
    expect(response.answer.split('\n')[0]).toBe('**63 mg** [1]');
    expect(response.answer).toContain('A single shot of espresso contains about 63 mg of caffeine. [1]');
  });

  it("checks an LLM's citations: a wrong figure unsupported, a source that does not exist removed", async () => {
    const writer: Composer = async ({ onText }) => {
      const text =
        'A shot of espresso has about 63 mg of caffeine [1]. Espresso machines were patented in 1901 [1][4].';
      onText(text);
      return text;
    };
    const { answers, cleanup } = service({ llmComposer: writer });
    const response = await answers.answer(
      { question: 'How much caffeine is in espresso?', urls: urls(), composer: 'llm' },
      { allowPrivateNetworks: true },
    );
    cleanup();
    expect(response.composer).toBe('llm');
    expect(response.answer).toBe(
      'A shot of espresso has about 63 mg of caffeine [1]. Espresso machines were patented in 1901 [1].',
    );
    expect(response.sentences.map((s) => s.citations.map((c) => c.supported))).toEqual([[true], [false]]);
    expect(response.supportedShare).toBe(0.5);
    expect(response.sources[0]?.quotes).toEqual([ESPRESSO[1].split(' A double')[0]]);
  });

  it('uses the extractive composer when asked, even with an LLM configured', async () => {
    const never: Composer = () => Promise.reject(new Error('must not be called'));
    const { answers, cleanup } = service({ llmComposer: never });
    const response = await answers.answer(
      { question: 'How much caffeine is in espresso?', urls: urls(), composer: 'extractive' },
      { allowPrivateNetworks: true },
    );
    cleanup();
    expect(response.composer).toBe('extractive');
    expect(response.llmError).toBeUndefined();
  });
});

describe('a question asked in a thread', () => {
  const FIRST = 'When did Angelo Moriondo patent the espresso machine?';
  const recordingSearch = (queries: string[]): AnswerServiceDeps['search'] => {
    const results = searchReturning(['/espresso', '/green-tea']);
    return async (request) => (queries.push(request.query), results());
  };

  it('is searched for, ranked and answered as it stands alone; the turn keeps what it searched for', async () => {
    const queries: string[] = [];
    const { answers, store, cleanup } = service({ search: recordingSearch(queries) });
    const first = await answers.answer({ question: FIRST }, { allowPrivateNetworks: true, recordHistory: true });
    const threadId = first.threadId ?? 0;
    const follow = await answers.answer(
      { question: 'Where did he patent it?', threadId },
      { allowPrivateNetworks: true, recordHistory: true },
    );
    expect(queries).toEqual([FIRST, 'Where did Angelo Moriondo patent it?']);
    expect(follow).toMatchObject({
      question: 'Where did he patent it?',
      searchedFor: 'Where did Angelo Moriondo patent it?',
      threadId,
    });
    expect(follow.answer.split('\n')[0]).toBe(
      'Espresso machines were first patented in Turin, Italy, by Angelo Moriondo in 1884. [1]',
    );
    expect(follow.timings.standaloneMs).toBeTypeOf('number');
    expect(first.timings).not.toHaveProperty('standaloneMs');
    // The caller's option (the HTTP query, IPC) is the same thread as the body's field.
    const third = await answers.answer(
      { question: 'Why?' },
      { allowPrivateNetworks: true, recordHistory: true, threadId },
    );
    expect(third.searchedFor).toBe('Why Angelo Moriondo?');
    // A question that stands alone is searched for as it is.
    const own = await answers.answer(
      { question: 'How much caffeine is in green tea?', threadId },
      { allowPrivateNetworks: true, recordHistory: true },
    );
    expect(own.searchedFor).toBeUndefined();
    expect(queries.at(-1)).toBe('How much caffeine is in green tea?');
    expect(store.history.getThread(threadId)?.turns.map((t) => [t.question, t.searchedFor])).toEqual([
      [FIRST, undefined],
      ['Where did he patent it?', 'Where did Angelo Moriondo patent it?'],
      ['Why?', 'Why Angelo Moriondo?'],
      ['How much caffeine is in green tea?', undefined],
    ]);
    cleanup();
  });

  it('is understood in its thread without being recorded (an agent), and answers with the thread it was asked in', async () => {
    const queries: string[] = [];
    const { answers, store, cleanup } = service({ search: recordingSearch(queries) });
    const { threadId } = await answers.answer({ question: FIRST }, { allowPrivateNetworks: true, recordHistory: true });
    const follow = await answers.answer(
      { question: 'Where did he patent it?', threadId: threadId ?? 0 },
      { allowPrivateNetworks: true },
    );
    expect(follow).toMatchObject({ searchedFor: 'Where did Angelo Moriondo patent it?', threadId });
    expect(store.history.getThread(threadId ?? 0)?.turns).toHaveLength(1);
    cleanup();
  });

  it('refuses an unknown thread before searching, and two different threads', async () => {
    const queries: string[] = [];
    const { answers, cleanup } = service({ search: recordingSearch(queries) });
    expect((await errorOf(answers.answer({ question: 'Who directed it?', threadId: 42 }, {}))).code).toBe('NOT_FOUND');
    expect((await errorOf(answers.answer({ question: 'Who directed it?' }, { threadId: 42 }))).code).toBe('NOT_FOUND');
    const both = await errorOf(answers.answer({ question: 'Who directed it?', threadId: 1 }, { threadId: 2 }));
    expect(both.code).toBe('INVALID_INPUT');
    expect(both.message).toBe('Two threads were given (1 and 2): give threadId once.');
    expect((await errorOf(answers.answer({ question: 'Who directed it?', threadId: 0 }, {}))).code).toBe(
      'INVALID_INPUT',
    );
    expect(queries).toEqual([]);
    cleanup();
  });
});

describe('a question that fails', () => {
  const noResults: AnswerServiceDeps['search'] = searchReturning([]);

  it('stays in its thread with its error and no answer; the history lists, exports and searches it', async () => {
    const { answers, store, cleanup } = service({ search: noResults });
    const error = await errorOf(answers.answer({ question: 'What is zzqx?' }, { recordHistory: true }));
    expect(error.code).toBe('NOT_FOUND');
    const threadId = (error as LanternError).details?.['threadId'] as number;
    expect(threadId).toBeTypeOf('number');
    const events: AnswerEvent[] = [];
    const followError = await errorOf(
      answers.answer({ question: 'Who made it?', threadId }, { recordHistory: true, onEvent: (e) => events.push(e) }),
    );
    expect((followError as LanternError).details).toMatchObject({ threadId });
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      error: { code: 'NOT_FOUND', message: followError.message, details: { threadId } },
    });

    const history = new HistoryService(store, () => new Date(0));
    const thread = await history.get({ id: threadId });
    expect(
      thread.turns.map((t) => ({ question: t.question, answer: t.answer, searchedFor: t.searchedFor, error: t.error })),
    ).toEqual([
      {
        question: 'What is zzqx?',
        answer: '',
        searchedFor: undefined,
        error: { code: 'NOT_FOUND', message: error.message },
      },
      {
        question: 'Who made it?',
        answer: '',
        searchedFor: 'Who made zzqx?',
        error: { code: 'NOT_FOUND', message: followError.message },
      },
    ]);
    ThreadSchema.parse(thread);
    expect(await history.list()).toMatchObject([{ id: threadId, title: 'What is zzqx?', turnCount: 2 }]);
    const exported = await history.export({ id: threadId });
    const markdown = exported.format === 'markdown' ? exported.markdown : '';
    expect(markdown).toContain(
      '## Who made it?\n\n_Searched for: Who made zzqx?_\n\n_Not answered: NOT\\_FOUND: The search for "Who made zzqx?" found no results',
    );
    expect(
      (await history.search({ text: 'zzqx', scope: 'history' })).map((hit) => hit.kind === 'turn' && hit.question),
    ).toEqual(['What is zzqx?']);
    expect(
      (await history.search({ text: 'made', scope: 'history' })).map((hit) => hit.kind === 'turn' && hit.question),
    ).toEqual(['Who made it?']);
    cleanup();
  });

  it('is not recorded when it was cancelled, nor when the history is not kept', async () => {
    const cancelled: AnswerServiceDeps['search'] = () =>
      Promise.reject(new LanternError('CANCELLED', 'The search was cancelled.'));
    const { answers, store, cleanup } = service({ search: cancelled });
    expect((await errorOf(answers.answer({ question: 'What is zzqx?' }, { recordHistory: true }))).code).toBe(
      'CANCELLED',
    );
    const { answers: agentAnswers } = service({ search: noResults });
    expect(
      (await errorOf(agentAnswers.answer({ question: 'What is zzqx?' }, {}))).details?.['threadId'],
    ).toBeUndefined();
    expect(store.history.listThreads()).toEqual([]);
    cleanup();
  });
});
