import type { AnswerResponse } from '../answer-contract';
import { formatAnswerText } from './answer-text';
import { oneLine } from './one-line';

/**
 * An answer for an agent: a heading naming the question, then the answer with its [n] markers
 * and the "Sources:" list of "[n] Title (URL)" lines (answer-text.ts, which escapes titles).
 */
export function formatCitedAnswer(response: Pick<AnswerResponse, 'question' | 'answer' | 'sources'>): string {
  const question = oneLine(response.question).replace(/"/g, '\\"');
  return `Web search results for "${question}":\n\n${formatAnswerText(response)}`;
}
