import type { FetchBatch, FetchResponse } from './fetch-contract';

/** Apart from the fetch schemas (only types come from there), so the renderer tells the two shapes apart without zod. */
export function isFetchBatch(response: FetchResponse): response is FetchBatch {
  return 'results' in response;
}
