import type { SearchResponse } from '../contract';

/** A search response as a readable numbered list (what `lantern search` prints without --json). */
export function formatSearchResults(response: SearchResponse): string {
  const lines: string[] = [];
  if (response.featuredSnippet) {
    const from = response.featuredSnippet.url ? ` (${response.featuredSnippet.url})` : '';
    lines.push(`Featured: ${response.featuredSnippet.text}${from}`, '');
  }
  if (response.results.length === 0) lines.push(`No results for "${response.query}".`);
  for (const result of response.results) {
    const meta = [result.source, result.date].filter(Boolean).join(' · ');
    lines.push(`${String(result.index + 1).padStart(2)}. ${result.title}`);
    lines.push(`    ${result.url}`);
    const snippet = result.snippet ? ` — ${result.snippet}` : '';
    lines.push(`    ${meta}${snippet}`);
  }
  if (response.relatedSearches?.length) lines.push('', `Related: ${response.relatedSearches.join(' · ')}`);
  const cached = response.fromCache ? ', from cache' : '';
  lines.push(
    '',
    `${response.results.length} results from ${response.engine} in ${response.tookMs} ms${cached} · search ${response.searchId}`,
  );
  return lines.join('\n');
}
