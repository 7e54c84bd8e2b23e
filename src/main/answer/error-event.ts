/**
 * A streamed run's last word when it fails: its error told as an `error` event before it is
 * thrown on, so a caller reading only the events sees why it ended.
 */
import type { ErrorInfo } from '../../shared/contract';
import { toErrorInfo } from '../../shared/errors';

type ErrorEvent = { type: 'error'; error: ErrorInfo };

export async function tellingErrors<Event, Result>(
  onEvent: ((event: Event | ErrorEvent) => void) | undefined,
  run: (emit: (event: Event | ErrorEvent) => void) => Promise<Result>,
): Promise<Result> {
  const emit = (event: Event | ErrorEvent): void => onEvent?.(event);
  try {
    return await run(emit);
  } catch (error) {
    onEvent?.({ type: 'error', error: toErrorInfo(error) });
    throw error;
  }
}
