/**
 * Citation numbers in a thread, through the real pipeline (FetchService on 127.0.0.1, SQLite
 * store): a follow-up that reads a page of turn 1 again cites it by the number it had in turn 1,
 * live (its events and response) and as stored, and a page new to the thread takes the next
 * free number; a deep-research report continuing the thread numbers its pages the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerService } from '../../src/main/answer/answer-service';
import { ResearchRunService } from '../../src/main/deep-research/research-service';
import { createFetchService } from '../../src/main/fetch/service';
import type { AnswerEvent } from '../../src/shared/answer-contract';
import type { ResearchEvent } from '../../src/shared/research-contract';
import { searchOverPages, startAnswerSite, type AnswerSite } from '../support/answer-site';
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
const numbers = (sources: { n: number; url: string }[]) => sources.map((s) => [s.n, new URL(s.url).pathname]);

/** A search that answers the pages `paths()` names, in that order, whatever was asked. */
const searchOver = (paths: () => string[]) => searchOverPages(() => site.pages, paths);

describe('citation numbers within a thread', () => {
  it('a follow-up cites a page of turn 1 by its turn-1 number, live and stored; a new page takes the next number', async () => {
    const temp = tempStore();
    // The search ranks the pages differently for the follow-up: /roasting first, then /espresso.
    let searched: string[] = ['/green-tea', '/espresso'];
    const search = searchOver(() => searched);
    const answers = new AnswerService({ search, fetch: async () => fetchService, store: temp.store });
    const options = { allowPrivateNetworks: true, recordHistory: true };

    const first = await answers.answer({ question: 'When was the espresso machine first patented?' }, options);
    expect(first.sources.map((s) => [s.n, new URL(s.url).pathname])).toEqual([
      [1, '/green-tea'],
      [2, '/espresso'],
    ]);
    expect(first.answer.split('\n')[0]).toMatch(/Angelo Moriondo in 1884\. \[2\]$/);

    searched = ['/roasting', '/espresso'];
    const events: AnswerEvent[] = [];
    const follow = await answers.answer(
      { question: 'Who patented the espresso machine in Turin?', threadId: first.threadId ?? 0 },
      { ...options, onEvent: (event) => events.push(event) },
    );
    expect(numbers(follow.sources)).toEqual([
      [3, '/roasting'],
      [2, '/espresso'],
    ]);
    // Live: the first sources shown and every page read carry the thread's numbers.
    const shown = events.find((e) => e.type === 'sources');
    expect(shown && numbers(shown.sources)).toEqual(numbers(follow.sources));
    expect(
      events
        .flatMap((e) => (e.type === 'page' ? [[e.n, new URL(e.url).pathname]] : []))
        .sort(([a], [b]) => Number(a) - Number(b)),
    ).toEqual([
      [2, '/espresso'],
      [3, '/roasting'],
    ]);
    // The answer cites /espresso as [2], as turn 1 did, and the check verified that citation.
    expect(follow.answer.split('\n')[0]).toBe('**Angelo Moriondo** [2]');
    expect(follow.sentences[0]?.citations).toMatchObject([{ n: 2, supported: true }]);
    expect(follow.answer).not.toMatch(/\[1\]/);
    expect(follow.sources.find((s) => s.n === 2)?.quotes.length).toBeGreaterThan(0);

    // Stored, as a reopened thread shows it: the same numbers as live.
    const stored = temp.store.history.getThread(first.threadId ?? 0)?.turns[1];
    expect(stored?.answer).toBe(follow.answer);
    expect(stored?.sources.map((s) => [s.n, new URL(s.url).pathname])).toEqual(numbers(follow.sources));
    temp.cleanup();
  });

  it('a deep-research report continuing the thread: a page of turn 1 keeps its number, a new page takes the next, live and stored', async () => {
    const temp = tempStore();
    let searched: string[] = ['/green-tea', '/espresso'];
    const search = searchOver(() => searched);
    const answers = new AnswerService({ search, fetch: async () => fetchService, store: temp.store });
    const research = new ResearchRunService({
      search,
      fetch: async () => fetchService,
      store: temp.store,
      captcha: { solve: () => Promise.reject(new Error('no CAPTCHA here')) },
    });
    const options = { allowPrivateNetworks: true, recordHistory: true };
    const first = await answers.answer({ question: 'When was the espresso machine first patented?' }, options);
    expect(numbers(first.sources)).toEqual([
      [1, '/green-tea'],
      [2, '/espresso'],
    ]);

    searched = ['/roasting', '/espresso'];
    const events: ResearchEvent[] = [];
    const report = await research.run(
      {
        question: 'Who patented the espresso machine in Turin?',
        // The roasting page speaks to the second only: a page on another topic would be dropped, not numbered.
        subQuestions: ['Who patented the espresso machine in Turin?', 'How are coffee beans roasted at home?'],
        threadId: first.threadId ?? 0,
        maxPages: 2,
      },
      { ...options, onEvent: (event) => events.push(event) },
    );
    const byNumber = (list: (number | string)[][]) => [...list].sort(([a], [b]) => Number(a) - Number(b));
    expect(byNumber(numbers(report.sources))).toEqual([
      [2, '/espresso'],
      [3, '/roasting'],
    ]);
    // Live: each page read is told with the number the report gives it.
    expect(
      byNumber(
        events.flatMap((e) => (e.type === 'page' && e.state === 'read' ? [[e.n ?? 0, new URL(e.url).pathname]] : [])),
      ),
    ).toEqual([
      [2, '/espresso'],
      [3, '/roasting'],
    ]);
    // The summary cites /espresso as [2], as turn 1 did, and the check verified it; no [1] is left.
    const citations = [report.summary, ...report.sections].flatMap((part) =>
      part.sentences.flatMap((s) => s.citations),
    );
    expect(citations).toContainEqual(expect.objectContaining({ n: 2, supported: true }));
    expect(citations.every((c) => c.n === 2 || c.n === 3)).toBe(true);
    expect(report.markdown).toMatch(/\[\^2\]: /);
    expect(report.markdown).not.toMatch(/\[\^1\]/);

    const stored = temp.store.history.getThread(first.threadId ?? 0)?.turns[1];
    expect(byNumber(stored?.sources.map((s) => [Number(s.n), new URL(s.url).pathname]) ?? [])).toEqual(
      byNumber(numbers(report.sources)),
    );
    temp.cleanup();
  });
});
