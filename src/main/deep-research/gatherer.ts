/**
 * The gathering: one search per sub-question, one after another through the search service (so
 * each engine's queue and pacing apply: never a burst), and the results' pages read a few at a
 * time through the fetch pipeline (its private-address guard included) while the next search
 * runs. Each URL is read once for all sub-questions; a page that turns out to be one already read
 * (the same canonical URL after redirects, or near-identical text) is dropped, and so is a page
 * that speaks to none of the plan's sub-questions nor to the question (on-topic.ts), before either
 * counts toward `maxPages`. It ends when every
 * search is done and read, or early — at `maxPages`, at the time budget, or when cancelled —
 * with what was read so far.
 *
 * The request's scope says where it reads. 'library': each sub-question's sections of the
 * person's documents (library-sources.ts, as an answer reads them) instead of a search — no
 * engine, no fetch; 'both': those sections and the search's pages, taken in turn (a section, a
 * page, …) within the sub-question's share. A section is a source as a page is: it counts toward
 * `maxPages`, is dropped as a duplicate or off-topic alike, and takes its number the same way.
 */
import type { CaptchaApi } from '../../shared/api';
import type { AnswerSource } from '../../shared/answer-contract';
import type { SearchResult } from '../../shared/contract';
import { definedFields } from '../../shared/defined-fields';
import { searchScopeOf } from '../../shared/search-scope';
import { LanternError, toErrorInfo } from '../../shared/errors';
import { isFetchBatch } from '../../shared/fetch-contract';
import type { ResearchEvent, ResearchReport, ResearchRequest } from '../../shared/research-contract';
import { canonicalUrl } from '../../shared/canonical-url';
import type { LibraryReading, SourceText } from '../answer/library-sources';
import { numberAllocator, NO_NUMBERS, sourceKey, type ThreadNumbers } from '../answer/thread-numbers';
import { words } from '../answer/terms';
import type { FetchService } from '../fetch';
import { sourceOf } from '../search/source';
import { speaksTo } from './on-topic';
import { searchWithPerson, type ResearchSearch } from './person-search';

/** Characters read of each page (as a quick answer reads them). */
const PAGE_CHARS = 100_000;
/** Pages read at once: the next search runs meanwhile. */
const READERS = 4;
/** Word 5-grams two pages must share (Jaccard) to be the same text. */
const SAME_TEXT = 0.8;
const SHINGLE_WORDS = 5;

export interface GatheredPage {
  n: number;
  url: string;
  title: string;
  markdown: string;
}

export interface Gathered {
  pages: GatheredPage[];
  /** The report's sources, numbered as the pages were read (in a thread, by the thread's numbers). */
  sources: AnswerSource[];
  stopped?: ResearchReport['stopped'];
  /** Why searches failed, in plan order (the run's error when nothing could be read). */
  searchErrors: unknown[];
}

export interface GatherInput {
  subQuestions: readonly string[];
  request: Pick<
    ResearchRequest,
    'question' | 'engine' | 'lang' | 'region' | 'timeRange' | 'maxPages' | 'timeBudgetMs' | 'scope'
  >;
  emit: (event: ResearchEvent) => void;
  signal?: AbortSignal;
  allowPrivateNetworks?: boolean;
  /** A person is at hand to solve a CAPTCHA (ResearchOptions.interactive); the time budget waits while they do. */
  person?: { captcha: Pick<CaptchaApi, 'solve'> };
  /** The numbers the report's thread has given its pages: a page it cited keeps its number, a new one takes the next. */
  numbers?: ThreadNumbers;
}

export interface GatherDeps {
  search: ResearchSearch;
  fetch: () => Promise<FetchService>;
  /** The library's best `limit` sections for a question (scope 'library' or 'both'). */
  library: (question: string, limit: number) => LibraryReading;
}

export async function gather(input: GatherInput, deps: GatherDeps): Promise<Gathered> {
  const { subQuestions, request } = input;
  const numberOf = numberAllocator(input.numbers ?? NO_NUMBERS);
  const stop = new AbortController();
  let stopped: Gathered['stopped'];
  const halt = (why: NonNullable<Gathered['stopped']>): void => {
    if (stopped) return;
    stopped = why;
    stop.abort();
  };
  const onCancel = (): void => halt('cancelled');
  if (input.signal?.aborted) onCancel();
  else input.signal?.addEventListener('abort', onCancel, { once: true });
  const budget = pausableTimer(request.timeBudgetMs, () => halt('time'));
  // A person solving a CAPTCHA is not the run's time being spent.
  const emit = (event: ResearchEvent): void => {
    if (event.type === 'paused') budget.pause();
    if (event.type === 'resumed') budget.resume();
    input.emit(event);
  };
  const search = searchWithPerson(deps.search, input.person && { captcha: input.person.captcha, emit });

  const pages: GatheredPage[] = [];
  const sources: AnswerSource[] = [];
  const shingles: Set<string>[] = [];
  const readUrls = new Set<string>();
  const queued = new Set<string>();
  /** Results past a sub-question's share, with the sub-question they were found for. */
  const reserve: Found[] = [];
  const slots = semaphore(READERS);
  const reads: Promise<void>[] = [];
  const searchErrors: unknown[] = [];
  let searchesLeft = subQuestions.length;
  let inFlight = 0;
  const { scope } = request;
  // The library alone reads no page: nothing of the fetch pipeline is started.
  const fetchService = scope === 'library' ? undefined : await deps.fetch();

  /** Full while more waits to be searched or read (this read itself in flight): the budget, not the plan, ended it. */
  const fullWhileMoreWaits = (): void => {
    if (pages.length >= request.maxPages && (inFlight > 1 || searchesLeft > 0 || reserve.length > 0)) halt('pages');
  };

  /** A library section taken as a source: no fetch, the same checks as a page's. */
  const take = ({ section, query }: FoundSection): void => {
    const { source, text } = section;
    const textShingles = shingleSet(text.markdown);
    const key = sourceKey(source);
    if (readUrls.has(key) || shingles.some((other) => jaccard(other, textShingles) >= SAME_TEXT)) {
      emit({ type: 'page', url: source.url, state: 'duplicate', msLeft: budget.left() });
      return;
    }
    // Off the topic of this sub-question, it may yet speak to another's: only a section taken is remembered.
    if (!speaksTo({ title: source.title, markdown: text.markdown }, [query, request.question])) {
      emit({ type: 'page', url: source.url, state: 'off-topic', msLeft: budget.left() });
      return;
    }
    readUrls.add(key);
    shingles.push(textShingles);
    const n = numberOf(source);
    pages.push({ n, url: text.url, title: text.title, markdown: text.markdown });
    sources.push({ ...source, n, quotes: [] });
    emit({ type: 'page', url: source.url, state: 'read', n, title: source.title, msLeft: budget.left() });
    emit({ type: 'sources', sources: sources.map((s) => ({ ...s })) });
  };

  const read = async (found: Found): Promise<void> => {
    await slots.acquire();
    inFlight++;
    try {
      if (stop.signal.aborted) return;
      if ('section' in found) {
        take(found);
        fullWhileMoreWaits();
        return;
      }
      const { result, query } = found;
      if (!fetchService) throw new LanternError('INTERNAL', 'a page to read in a library-scoped research');
      emit({ type: 'page', url: result.url, state: 'reading', msLeft: budget.left() });
      const response = await fetchService.fetch(
        { url: result.url, maxChars: PAGE_CHARS },
        { signal: stop.signal, ...(input.allowPrivateNetworks ? { allowPrivateNetworks: true } : {}) },
      );
      if (stop.signal.aborted) return;
      if (isFetchBatch(response)) throw new LanternError('INTERNAL', 'one URL gave a batch');
      const textShingles = shingleSet(response.markdown);
      const url = canonicalUrl(response.finalUrl);
      if (readUrls.has(url) || shingles.some((other) => jaccard(other, textShingles) >= SAME_TEXT)) {
        emit({ type: 'page', url: result.url, state: 'duplicate', msLeft: budget.left() });
        return;
      }
      readUrls.add(url);
      shingles.push(textShingles);
      const title = response.title || result.title;
      // A page is read once for the whole plan: it stays if it speaks to any sub-question, not only the one that found it.
      if (!speaksTo({ title, markdown: response.markdown }, [query, ...subQuestions, request.question])) {
        emit({ type: 'page', url: result.url, state: 'off-topic', msLeft: budget.left() });
        return;
      }
      const n = numberOf({ url: response.finalUrl });
      pages.push({ n, url: response.finalUrl, title, markdown: response.markdown });
      sources.push({
        n,
        title,
        url: response.finalUrl,
        source: sourceOf(response.finalUrl),
        ...definedFields({ date: result.date }),
        quotes: [],
      });
      emit({ type: 'page', url: result.url, state: 'read', n, title, msLeft: budget.left() });
      emit({ type: 'sources', sources: sources.map((s) => ({ ...s })) });
      fullWhileMoreWaits();
    } catch (error) {
      if (!stop.signal.aborted)
        emit({ type: 'page', url: urlOf(found), state: 'failed', error: toErrorInfo(error), msLeft: budget.left() });
    } finally {
      inFlight--;
      slots.release();
    }
  };

  // Each sub-question's fair share is read while the searches go on; the rest once they are done.
  const share = Math.max(1, Math.floor(request.maxPages / Math.max(1, subQuestions.length)));
  const where = searchScopeOf(request);
  /** The sub-question's found sources in the order they are read: a library section, a page, a section… */
  const schedule = (found: Found[]): void => {
    for (const item of found.slice(0, share)) reads.push(read(item));
    reserve.push(...found.slice(share));
  };
  try {
    for (const [index, query] of subQuestions.entries()) {
      if (stop.signal.aborted) break;
      emit({ type: 'search', index, query, state: 'started' });
      // The library's sections are found at once, and are read even when the web's search fails.
      const sections = scope === 'web' ? [] : librarySections(deps.library(query, request.maxPages), query);
      if (scope === 'library') {
        emit({ type: 'search', index, query, state: 'done', results: sections.length });
        searchesLeft--;
        // Taken before the next sub-question's are found: the page budget is counted as it is for pages.
        const before = reads.length;
        schedule(sections);
        await Promise.all(reads.slice(before));
        continue;
      }
      let pagesFound: Found[] = [];
      try {
        const response = await search({ query, ...where }, stop.signal);
        emit({ type: 'search', index, query, state: 'done', results: response.results.length });
        const fresh = response.results.filter((r) => {
          const key = canonicalUrl(r.url);
          if (queued.has(key)) return false;
          queued.add(key);
          return true;
        });
        pagesFound = fresh.map((result) => ({ result, query }));
      } catch (error) {
        if (stop.signal.aborted) break;
        searchErrors.push(error);
        emit({ type: 'search', index, query, state: 'failed', error: toErrorInfo(error) });
      } finally {
        searchesLeft--;
      }
      schedule(inTurn(sections, pagesFound));
    }
    // Every search is done: what is left is reading.
    if (!stop.signal.aborted) emit({ type: 'step', step: 'read' });
    await Promise.all(reads);
    while (reserve.length > 0 && !stop.signal.aborted && pages.length < request.maxPages) {
      const next = reserve.splice(0, request.maxPages - pages.length);
      await Promise.all(next.map(read));
    }
    if (reserve.length > 0 && !stopped) stopped = 'pages';
  } finally {
    budget.clear();
    input.signal?.removeEventListener('abort', onCancel);
    stop.abort();
  }
  return { pages, sources, searchErrors, ...definedFields({ stopped }) };
}

interface FoundPage {
  result: SearchResult;
  /** The sub-question whose search found it. */
  query: string;
}

interface FoundSection {
  section: { source: AnswerSource; text: SourceText };
  /** The sub-question the library was searched for. */
  query: string;
}

type Found = FoundPage | FoundSection;

function urlOf(found: Found): string {
  return 'section' in found ? found.section.source.url : found.result.url;
}

function librarySections(reading: LibraryReading, query: string): FoundSection[] {
  return reading.sources.flatMap((source, i) => {
    const text = reading.texts[i];
    return text === undefined ? [] : [{ section: { source, text }, query }];
  });
}

/** Two lists taken in turn, the first's first: when one runs out, the rest of the other. */
function inTurn<A, B>(first: readonly A[], second: readonly B[]): Array<A | B> {
  const out: Array<A | B> = [];
  for (let i = 0; i < Math.max(first.length, second.length); i++) {
    if (i < first.length) out.push(first[i]!);
    if (i < second.length) out.push(second[i]!);
  }
  return out;
}

function shingleSet(text: string): Set<string> {
  const list = words(text.toLowerCase());
  const set = new Set<string>();
  for (let i = 0; i + SHINGLE_WORDS <= list.length; i++) set.add(list.slice(i, i + SHINGLE_WORDS).join(' '));
  return set;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const item of a) if (b.has(item)) shared++;
  return shared / (a.size + b.size - shared);
}

function semaphore(size: number): { acquire(): Promise<void>; release(): void } {
  let free = size;
  const waiting: Array<() => void> = [];
  return {
    acquire: () => {
      if (free > 0) {
        free--;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => waiting.push(resolve));
    },
    release: () => {
      const next = waiting.shift();
      if (next) next();
      else free++;
    },
  };
}

/** A one-shot timer that can be paused (its remaining time kept) and resumed. */
function pausableTimer(
  ms: number,
  onEnd: () => void,
): { pause(): void; resume(): void; clear(): void; left(): number } {
  let left = ms;
  let startedAt = performance.now();
  let timer: NodeJS.Timeout | undefined = setTimeout(onEnd, left);
  let cleared = false;
  return {
    pause() {
      if (timer === undefined) return;
      clearTimeout(timer);
      timer = undefined;
      left -= performance.now() - startedAt;
    },
    resume() {
      if (timer !== undefined || cleared) return;
      startedAt = performance.now();
      timer = setTimeout(onEnd, Math.max(0, left));
    },
    clear() {
      cleared = true;
      clearTimeout(timer);
      timer = undefined;
    },
    left() {
      return Math.max(0, Math.round(timer === undefined ? left : left - (performance.now() - startedAt)));
    },
  };
}
