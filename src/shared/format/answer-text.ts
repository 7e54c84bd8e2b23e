import type { AnswerSource } from '../answer-contract';
import { markdownText, markdownUrl } from './markdown';

/** What the cited style needs of an answer: its text and its numbered sources (a live answer's or a stored turn's). */
export interface CitedText {
  answer: string;
  sources: Pick<AnswerSource, 'n' | 'title' | 'url'>[];
}

/**
 * An answer in the cited style (what `lantern ask` prints without --json): the answer with its
 * [n] markers, a blank line, "Sources:", then one "[n] Title (URL)" line per source. Titles and
 * URLs come from web pages, so they are escaped as in markdown.ts.
 */
export function formatAnswerText(response: CitedText): string {
  const lines = [response.answer.trim()];
  if (response.sources.length > 0) {
    lines.push('', 'Sources:');
    for (const source of response.sources) {
      const title = markdownText(source.title) || markdownText(source.url);
      lines.push(`[${source.n}] ${title} (${markdownUrl(source.url)})`);
    }
  }
  return lines.join('\n');
}
