import type { AnswerResponse } from '../answer-contract';
import type { SearchResponse } from '../contract';
import type { ResearchReport } from '../research-contract';
import { formatAnswerText } from './answer-text';
import { formatCompactResults } from './compact';
import { oneLine } from './one-line';
import { escapeWrapperTags, wrapUntrusted } from './untrusted';

/**
 * Where an answer's text comes from, as its wrapper says: its sentences are the pages' own (the
 * extractive composer quotes them) or a model's retelling of them, so they are data too.
 */
const ANSWER_SOURCE = 'web pages, cited as [n]';

/** An answer's text inside `<untrusted_content>` (untrusted.ts): what a model may read of it. */
export function untrustedAnswer(answer: string): string {
  return wrapUntrusted(ANSWER_SOURCE, answer.trim());
}

/**
 * An answer for an agent: a heading naming the question, then — inside `<untrusted_content>`,
 * since both come from web pages — the answer with its [n] markers and the "Sources:" list of
 * "[n] Title (URL)" lines (answer-text.ts, which escapes titles).
 */
export function formatCitedAnswer(
  response: Pick<AnswerResponse, 'question' | 'answer' | 'sources' | 'searchedFor'>,
): string {
  // Whoever asked may have pasted page text into the question: it cannot open a wrapper either.
  const question = escapeWrapperTags(oneLine(response.question)).replace(/"/g, '\\"');
  return `Web search results for "${question}":\n\n${untrustedAnswer(formatAnswerText(response))}`;
}

/**
 * Search results for an agent that will cite them: the compact layout (compact.ts) with each
 * result's URL on a line of its own, since a citation needs the address and not just a number.
 */
export function formatCitedResults(response: SearchResponse): string {
  return formatCompactResults(response, { urls: true });
}

/**
 * A research report for an agent: a heading naming the question, then the report's Markdown
 * (its sections, disagreements and sources as footnotes) inside `<untrusted_content>`: it is
 * made of the pages' words.
 */
export function formatCitedReport(report: Pick<ResearchReport, 'question' | 'markdown'>): string {
  const question = escapeWrapperTags(oneLine(report.question)).replace(/"/g, '\\"');
  return `Research report for "${question}":\n\n${wrapUntrusted('web pages, cited as footnotes [^n]', report.markdown.trim())}`;
}
