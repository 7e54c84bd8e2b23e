/**
 * Pacing against the Google fixture, through the replaying loader (the fixture's pages as
 * ChromiumPageLoader hands them back; the pacer's order and gaps do not need a browser): fifty searches at once are served one
 * page at a time, in the order they came, with the minimum gap between pages; those beyond the
 * bounded queue get RATE_LIMITED at once with a retry time; nothing hangs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageLoader } from '../../src/main/browser/page-loader';
import { google } from '../../src/main/search/engines/google';
import { DEFAULT_PACING, SearchService } from '../../src/main/search/search-service';
import type { SearchResponse } from '../../src/shared/contract';
import { LanternError } from '../../src/shared/errors';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web';
import { ReplayingPageLoader } from '../support/replaying-loader';
import { tempResultCache } from '../support/temp-store';

const GAP_MS = 100;
const SEARCHES = 50;
const MAX_QUEUED = DEFAULT_PACING.maxQueued;

let web: FixtureWeb;
let loader: ReplayingPageLoader;
beforeAll(async () => {
  web = await startFixtureWeb();
  loader = new ReplayingPageLoader();
});
afterAll(async () => {
  await loader.close();
  await web.close();
});

interface Outcome {
  query: string;
  /** In which place it settled among the searches (1 = first). */
  settled: number;
  response?: SearchResponse;
  error?: LanternError;
}

/** The query of each search page the fixture served, with its arrival time, in arrival order. */
function servedSearches(from: number): Array<{ query: string; at: number }> {
  return web.log
    .slice(from)
    .filter((r) => r.path.startsWith('/search?'))
    .map((r) => ({ query: new URL(r.path, web.origin).searchParams.get('q') ?? '', at: r.at }));
}

/** Each page load's start and end, as the pacer sees them. */
function recordingLoader(real: PageLoader, loads: Array<{ start: number; end: number }>): PageLoader {
  return {
    async load(url, options) {
      const start = Date.now();
      try {
        return await real.load(url, options);
      } finally {
        loads.push({ start, end: Date.now() });
      }
    },
    close: () => real.close(),
  };
}

describe('pacing', () => {
  it('serves fifty concurrent searches in order with the gap kept, and turns the overflow away', async () => {
    const loads: Array<{ start: number; end: number }> = [];
    const service = new SearchService({
      loader: recordingLoader(loader, loads),
      engines: { google },
      cache: tempResultCache(),
      origins: { google: web.origin },
      pageTimeoutMs: 10_000,
      pacing: { minGapMs: GAP_MS, jitterMs: 0, maxQueued: MAX_QUEUED },
    });
    const from = web.log.length;
    let settled = 0;

    // Distinct queries nobody recorded: one "no results" page each, so one request per search.
    const run = (query: string): Promise<Outcome> =>
      service.search({ query, engine: 'google' }).then(
        (response) => ({ query, settled: ++settled, response }),
        (error: unknown) => {
          if (!(error instanceof LanternError)) throw error;
          return { query, settled: ++settled, error };
        },
      );
    const queries = Array.from({ length: SEARCHES }, (_, i) => `pacing ${i}`);
    const pending = queries.map(run);
    // Once the first search is done its place in the queue is free again: a newcomer is queued
    // (the engine was not suspended by the overflow) and served after those already waiting.
    const late = pending[0]!.then(() => run('pacing late'));
    const outcomes = await Promise.all(pending);
    const lateOutcome = await late;

    const accepted = MAX_QUEUED + 1; // the one loading plus a full queue
    expect(outcomes.slice(0, accepted).map((o) => o.error?.code)).toEqual(Array(accepted).fill(undefined));
    for (const outcome of outcomes.slice(accepted)) {
      expect(outcome.error?.code).toBe('RATE_LIMITED');
      // Come back once the searches ahead (one loading and a full queue) have each had their gap.
      expect(outcome.error?.retryAfterMs).toBe(accepted * GAP_MS);
      expect(outcome.error?.message).toContain(`the limit is ${MAX_QUEUED}`);
      // Turned away at once, not after waiting in line.
      expect(outcome.settled).toBeLessThan(outcomes[0]!.settled);
    }
    expect(lateOutcome.error).toBeUndefined();

    const served = servedSearches(from);
    expect(served.map((s) => s.query)).toEqual([...queries.slice(0, accepted), 'pacing late']);
    // Date.now() has 1 ms steps, hence the 1 ms of slack.
    const arrivalGaps = served.slice(1).map((s, i) => s.at - served[i]!.at);
    expect(Math.min(...arrivalGaps)).toBeGreaterThanOrEqual(GAP_MS - 1);
    // One page at a time, and the gap runs from the end of one load to the start of the next.
    expect(loads).toHaveLength(accepted + 1);
    const idleGaps = loads.slice(1).map((load, i) => load.start - loads[i]!.end);
    expect(Math.min(...idleGaps)).toBeGreaterThanOrEqual(GAP_MS - 1);
    // Every accepted search got its own response, in the order the pages were served.
    const finishOrder = [...outcomes.slice(0, accepted), lateOutcome].sort((a, b) => a.settled - b.settled);
    expect(finishOrder.map((o) => o.query)).toEqual(served.map((s) => s.query));
  }, 60_000);
});
