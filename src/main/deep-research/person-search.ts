/**
 * A research's searches, with a person at hand or not. Without one, a CAPTCHA or consent wall
 * fails the search like any other failure (the engine is paused; the report is written from what
 * was read). With one (ResearchOptions.interactive), the run pauses: the blocked page is shown to
 * the person (captcha.solve, the same flow as the UI's "Solve now"), and once they solved it the
 * search is made again and the run goes on.
 */
import type { CaptchaApi } from '../../shared/api';
import { ENGINE_IDS, type EngineId, type SearchRequestInput, type SearchResponse } from '../../shared/contract';
import { LanternError } from '../../shared/errors';
import type { ResearchEvent } from '../../shared/research-contract';

export type ResearchSearch = (request: SearchRequestInput, signal?: AbortSignal) => Promise<SearchResponse>;

/** A person who solves one block and meets another gives up after this many. */
const MAX_SOLVES = 3;

export function searchWithPerson(
  search: ResearchSearch,
  person: { captcha: Pick<CaptchaApi, 'solve'>; emit: (event: ResearchEvent) => void } | undefined,
): ResearchSearch {
  if (!person) return search;
  return async (request, signal) => {
    for (let solved = 0; ; solved++) {
      try {
        return await search(request, signal);
      } catch (error) {
        const engine = blockedEngine(error);
        if (engine === undefined || solved >= MAX_SOLVES || signal?.aborted) throw error;
        const until = (error as LanternError).details?.['pausedUntil'];
        person.emit({
          type: 'paused',
          engine,
          reason: (error as LanternError).message,
          ...(typeof until === 'number' ? { until: new Date(until).toISOString() } : {}),
        });
        try {
          await person.captcha.solve({ engine }, signal ? { signal } : {});
        } catch {
          // Not solved (window closed, no display, nobody acted): the search fails as it was blocked.
          throw error;
        }
        person.emit({ type: 'resumed', engine });
      }
    }
  };
}

/** The engine a person could unblock: a CAPTCHA or consent wall now, or the pause an earlier one set. */
function blockedEngine(error: unknown): EngineId | undefined {
  if (!(error instanceof LanternError)) return undefined;
  const blockedBy = error.code === 'ENGINE_BLOCKED' ? error.details?.['blockedBy'] : error.code;
  if (blockedBy !== 'CAPTCHA_REQUIRED' && blockedBy !== 'CONSENT_REQUIRED') return undefined;
  const engine = error.details?.['engine'];
  return ENGINE_IDS.find((id) => id === engine) ?? 'google';
}
