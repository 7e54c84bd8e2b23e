/**
 * Sub-questions proposed by the model in force: one small completion over the question alone
 * (no page text goes to the model here), one sub-question a line. The caller bounds it in time
 * and falls back to the facets (planner.ts) when it fails, is late or proposes nothing usable.
 */
import { MAX_SUB_QUESTIONS } from '../../shared/research-contract';
import { LanternError } from '../../shared/errors';
import { oneLine } from '../../shared/format/one-line';
import type { ChatMessage, ChatModel } from '../llm/chat-model';

export type SubQuestionWriter = (input: { question: string; signal?: AbortSignal }) => Promise<string[]>;

/** Longer than a sub-question: the model answered instead. */
const MAX_SUB_QUESTION_CHARS = 300;

const SYSTEM_PROMPT = [
  `Split the research question into at most ${MAX_SUB_QUESTIONS} sub-questions that together cover it, each one searchable on its own on the web.`,
  '- Reply with the sub-questions alone, one per line, in the language of the question: no numbering, no answer, no explanation.',
  '- Cover different facets (figures, costs, risks, comparisons…); do not repeat one in other words.',
].join('\n');

export function buildPlanMessages(question: string): ChatMessage[] {
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: `Research question: ${oneLine(question)}` },
  ];
}

/** The sub-questions of a completion: its non-empty lines, list marks and quotes taken off, overlong ones dropped. */
export function parseSubQuestions(completion: string): string[] {
  return completion
    .split('\n')
    .map((line) => oneLine(line.replace(/^\s*(?:[-*•]|\d+[.)])\s*/u, '').replace(/^["“«'](.*)["”»']$/u, '$1')))
    .filter((line) => line !== '' && line.length <= MAX_SUB_QUESTION_CHARS)
    .slice(0, MAX_SUB_QUESTIONS);
}

export function createSubQuestionWriter(chat: ChatModel): SubQuestionWriter {
  return async ({ question, signal }) => {
    const subQuestions = parseSubQuestions(await chat(buildPlanMessages(question), signal ? { signal } : {}));
    if (subQuestions.length === 0)
      throw new LanternError('LLM_FAILED', 'The model proposed no usable sub-questions (an empty or overlong reply).');
    return subQuestions;
  };
}
