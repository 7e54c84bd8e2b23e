/**
 * One operation of the table called on a ResearchApi by its name: every door's dispatch (the IPC
 * handlers, the HTTP router), so no door holds a handler per operation.
 */
import type { ResearchApi } from '../../shared/api';
import { LanternError } from '../../shared/errors';
import type { OperationName } from '../../shared/operations';

type Callable = (this: unknown, input: unknown, options: unknown) => Promise<unknown>;

/** NOT_FOUND when this ResearchApi does not offer the operation (resetSearchSession, access). */
export function callOperation(
  api: ResearchApi,
  name: OperationName,
  input: unknown,
  options: object,
): Promise<unknown> {
  const path = name.split('.');
  const method = path.pop() as string;
  let target: unknown = api;
  for (const group of path) target = (target as Record<string, unknown> | undefined)?.[group];
  const fn = (target as Record<string, unknown> | undefined)?.[method];
  if (typeof fn !== 'function')
    return Promise.reject(new LanternError('NOT_FOUND', `This Lantern does not offer ${name}.`));
  return (fn as Callable).call(target, input, options);
}
