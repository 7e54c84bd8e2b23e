import type { AnswerResponse } from '../answer-contract';
import { markdownText, markdownUrl } from './markdown';

/** How each part of a cited answer is written: as Markdown (the default) or as plain text (the CLI). */
export interface AnswerTextStyle {
  /** A line of text from outside: the standalone query, a source's title. */
  text: (text: string) => string;
  url: (url: string) => string;
  /** The answer's own Markdown. */
  answer: (markdown: string) => string;
}

/** Titles and URLs come from web pages (and a model may have written the standalone query), so they are escaped as in markdown.ts. */
const MARKDOWN: AnswerTextStyle = { text: markdownText, url: markdownUrl, answer: (markdown) => markdown.trim() };

/**
 * An answer in the cited style (what `lantern ask` prints without --json): "Searched for: …" and
 * a blank line when a follow-up was made to stand alone, the answer with its [n] markers, a blank
 * line, "Sources:", then one "[n] Title (URL)" line per source.
 */
export function formatAnswerText(
  response: Pick<AnswerResponse, 'answer' | 'sources' | 'searchedFor'>,
  style: AnswerTextStyle = MARKDOWN,
): string {
  const lines = response.searchedFor === undefined ? [] : [`Searched for: ${style.text(response.searchedFor)}`, ''];
  lines.push(style.answer(response.answer));
  if (response.sources.length > 0) {
    lines.push('', 'Sources:');
    for (const source of response.sources) {
      const title = style.text(source.title) || style.text(source.url);
      lines.push(`[${source.n}] ${title} (${style.url(source.url)})`);
    }
  }
  return lines.join('\n');
}
