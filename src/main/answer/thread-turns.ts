/**
 * A thread's turns as the quick answer and deep research both keep them: the earlier turns a
 * follow-up is read against, a turn appended (to a new thread when none was given), and a failed
 * turn kept with its error, which goes on naming the thread.
 */
import { definedFields } from '../../shared/defined-fields';
import { LanternError, toErrorInfo } from '../../shared/errors';
import { threadNotFound, type HistoryRepository, type TurnInput } from '../store/history';
import type { EarlierTurn } from './standalone-question';
import { threadNumbers, type ThreadNumbers } from './thread-numbers';

/** The thread's turns so far, as a rewrite and the LLM read them (NOT_FOUND when there is no such thread). */
export function earlierTurns(history: HistoryRepository, threadId: number): EarlierTurn[] {
  const thread = history.getThread(threadId);
  if (!thread) throw threadNotFound(threadId);
  return thread.turns.map((turn) => ({
    question: turn.question,
    answer: turn.answer,
    ...definedFields({ searchedFor: turn.searchedFor }),
  }));
}

/** The turn in the given thread, else in a new one; the thread's id. */
/** The numbers the thread's turns gave their sources, which its pages keep in a later turn (NOT_FOUND when there is no such thread). */
export function earlierNumbers(history: HistoryRepository, threadId: number): ThreadNumbers {
  const thread = history.getThread(threadId);
  if (!thread) throw threadNotFound(threadId);
  return threadNumbers(thread.turns.map((turn) => turn.sources));
}

export function appendTurn(history: HistoryRepository, threadId: number | undefined, turn: TurnInput): number {
  const id = threadId ?? history.createThread(turn.question).id;
  history.appendTurn(id, turn);
  return id;
}

/**
 * A question that failed stays in its thread (a new one when it began none), with its error and
 * no answer, so it can be shown and retried. The error to throw on: a LanternError with the
 * thread's id in its details; any other value as it was.
 */
export function recordFailedTurn(
  history: HistoryRepository,
  threadId: number | undefined,
  turn: Omit<TurnInput, 'error'>,
  error: unknown,
): unknown {
  const { details: _details, ...stored } = toErrorInfo(error);
  const id = appendTurn(history, threadId, { ...turn, error: stored });
  if (!(error instanceof LanternError)) return error;
  return new LanternError(error.code, error.message, {
    details: { ...error.details, threadId: id },
    cause: error,
    ...definedFields({ retryAfterMs: error.retryAfterMs }),
  });
}
