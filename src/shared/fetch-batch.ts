/**
 * Whether a fetch response is a batch (`urls`) rather than one page. Apart from the fetch schemas
 * so the renderer tells the two shapes apart without zod; generic over the response type so it
 * imports nothing from them either (fetch-contract.ts re-exports it).
 */
export function isFetchBatch<Response extends object>(
  response: Response,
): response is Extract<Response, { results: unknown }> {
  return 'results' in response;
}
