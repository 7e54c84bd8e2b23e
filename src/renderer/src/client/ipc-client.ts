/**
 * ResearchApi over the desktop app's preload bridge (window.lantern): every operation is the IPC
 * channel of its name (src/shared/ipc.ts). Answers come back as result envelopes and are turned
 * into the same LanternError (code, message, details) the core threw; a cancellable call's
 * AbortSignal cancels it in the main process (`call:cancel`); events arrive as pushes while it runs.
 */
import { LanternError } from '../../../shared/errors';
import type { IpcFrame, IpcResult, LanternBridge } from '../../../shared/ipc';
import { operationSpec, type OperationName } from '../../../shared/operations';
import { createApiClient, type ApiClient, type Transport, type TransportOptions } from './api-client';

export function ipcTransport(bridge: LanternBridge): Transport {
  const invoke = (name: OperationName, frame: IpcFrame<OperationName>): Promise<IpcResult<unknown>> =>
    (bridge[name] as (frame: IpcFrame<OperationName>) => Promise<IpcResult<unknown>>)(frame);
  return {
    async call(name, input, options: TransportOptions) {
      const spec = operationSpec(name);
      const set = Object.fromEntries(
        (spec.options ?? []).flatMap((option) => (options[option] === undefined ? [] : [[option, options[option]]])),
      );
      const frame = { input, ...(Object.keys(set).length > 0 ? { options: set } : {}) } as IpcFrame<OperationName>;
      if (!spec.cancellable) return unwrap(await invoke(name, frame));
      const { signal, onEvent } = options;
      if (signal?.aborted) throw new LanternError('CANCELLED', 'The call was cancelled before it started.');
      const callId = crypto.randomUUID();
      const onAbort = (): void => void bridge['call:cancel']({ callId });
      signal?.addEventListener('abort', onAbort, { once: true });
      const unsubscribe =
        spec.events && onEvent ? bridge.onEvent((push) => push.callId === callId && onEvent(push.event)) : undefined;
      try {
        return unwrap(await invoke(name, { ...frame, callId }));
      } finally {
        unsubscribe?.();
        signal?.removeEventListener('abort', onAbort);
      }
    },
  };
}

export function createIpcClient(bridge: LanternBridge): ApiClient {
  return createApiClient(ipcTransport(bridge));
}

function unwrap<T>(result: IpcResult<T>): T {
  if (result.ok) return result.value;
  const { code, message, retryAfterMs, details } = result.error;
  throw new LanternError(code, message, {
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    ...(details === undefined ? {} : { details }),
  });
}
