import type { SearchManyResponse, SearchResponse } from '../contract';
import { oneLine } from './one-line';
import { escapeWrapperTags } from './untrusted';

/**
 * Several queries' outcomes one after another, each answered one rendered by `render`; a failed
 * one is a `CODE: message` line, as fetched-text.ts tells a failed URL of a batch (on one line,
 * unable to pass for the untrusted-content wrapper), so one failure does not hide the others.
 */
export function formatSearchOutcomes(batch: SearchManyResponse, render: (response: SearchResponse) => string): string {
  return batch.results
    .map((outcome) =>
      outcome.ok
        ? render(outcome.response)
        : escapeWrapperTags(
            oneLine(`A search for '${outcome.query}' failed: ${outcome.error.code}: ${outcome.error.message}`),
          ),
    )
    .join('\n\n');
}
