import type { AnswerResponse } from '../answer-contract';
import { markdownText, markdownUrl } from './markdown';

/**
 * An answer in the cited style (what `lantern ask` prints without --json): "Searched for: …" and
 * a blank line when a follow-up was made to stand alone, the answer with its [n] markers, a blank
 * line, "Sources:", then one "[n] Title (URL)" line per source. Titles and URLs come from web
 * pages (and a model may have written the standalone query), so they are escaped as in markdown.ts.
 */
export function formatAnswerText(response: Pick<AnswerResponse, 'answer' | 'sources' | 'searchedFor'>): string {
  const lines = response.searchedFor === undefined ? [] : [`Searched for: ${markdownText(response.searchedFor)}`, ''];
  lines.push(response.answer.trim());
  if (response.sources.length > 0) {
    lines.push('', 'Sources:');
    for (const source of response.sources) {
      const title = markdownText(source.title) || markdownText(source.url);
      lines.push(`[${source.n}] ${title} (${markdownUrl(source.url)})`);
    }
  }
  return lines.join('\n');
}
