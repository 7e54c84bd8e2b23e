import type { AnswerResponse } from '../answer-contract';
import type { SearchResponse } from '../contract';
import { formatAnswerText } from './answer-text';
import { formatCompactResults } from './compact';
import { oneLine } from './one-line';

/**
 * An answer for an agent: a heading naming the question, then the answer with its [n] markers
 * and the "Sources:" list of "[n] Title (URL)" lines (answer-text.ts, which escapes titles).
 */
export function formatCitedAnswer(response: Pick<AnswerResponse, 'question' | 'answer' | 'sources'>): string {
  const question = oneLine(response.question).replace(/"/g, '\\"');
  return `Web search results for "${question}":\n\n${formatAnswerText(response)}`;
}

/**
 * Search results for an agent that will cite them: the compact layout (compact.ts) with each
 * result's URL on a line of its own, since a citation needs the address and not just a number.
 */
export function formatCitedResults(response: SearchResponse): string {
  return formatCompactResults(response, { urls: true });
}
