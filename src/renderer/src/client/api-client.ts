/**
 * The renderer's one ResearchApi, built from the operations table (src/shared/operations.ts) over
 * a transport: every operation of the table is a method of the client, at its name's path
 * (`history.list` → client.history.list), that hands its request and call options to the
 * transport. A transport keeps what is its own: IPC's result envelope and call ids, HTTP's paths,
 * server-sent events and cookies, and how each tells an error.
 */
import type { AnswerOptions } from '../../../shared/api';
import type { AnswerEvent } from '../../../shared/answer-contract';
import type { ModelDownloadEvent } from '../../../shared/models-contract';
import { OPERATION_NAMES, type CallerSetOption, type FullApi, type OperationName } from '../../../shared/operations';
import type { LibraryEvent } from '../../../shared/library-contract';
import type { ResearchEvent } from '../../../shared/research-contract';

/** What a client's method passes on: the caller's signal, its event listener, the call options it may set. */
export type TransportOptions = Pick<AnswerOptions, CallerSetOption> & {
  signal?: AbortSignal;
  onEvent?: (event: AnswerEvent | ResearchEvent | ModelDownloadEvent | LibraryEvent) => void;
};

export interface Transport {
  call(name: OperationName, request: unknown, options: TransportOptions): Promise<unknown>;
}

/** A ResearchApi offering every operation of the table. */
export type ApiClient = FullApi;

export function createApiClient(transport: Transport): ApiClient {
  const client: Record<string, unknown> = {};
  for (const name of OPERATION_NAMES) {
    const path = name.split('.');
    const method = path.pop() as string;
    let target = client;
    for (const group of path) target = (target[group] ??= {}) as Record<string, unknown>;
    target[method] = (request?: unknown, options?: TransportOptions) => transport.call(name, request, options ?? {});
  }
  return client as unknown as ApiClient;
}
