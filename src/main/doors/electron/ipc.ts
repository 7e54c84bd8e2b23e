import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import type { ResearchApi } from '../../../shared/api';
import { LanternError, toErrorInfo } from '../../../shared/errors';
import {
  CANCEL_CHANNEL,
  EVENT_PUSH,
  IPC_CHANNELS,
  IPC_CONTRACT,
  type EventPush,
  type IpcChannel,
  type IpcResult,
} from '../../../shared/ipc';
import { operationSpec, type OperationName } from '../../../shared/operations';
import { callerOptions, type Caller } from '../../common/caller';
import { callOperation } from '../../common/operation-call';
import type { RunRegistry } from '../../common/run-registry';
import { validationError } from '../../common/validation';

/** The desktop app's caller: its own numbered results, and a person at the desktop. */
const DESKTOP_CALLER: Caller = { session: 'desktop', person: true };

export interface IpcDependencies {
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>;
  api: ResearchApi;
  /** True for the URL of Lantern's own UI (app://lantern/…, or the dev server's). */
  isOwnUi: (url: string) => boolean;
  /** Where cancellable calls are kept, by window (the runtime's, src/main/common/run-registry.ts). */
  runs: RunRegistry;
}

interface Frame {
  callId?: string;
  input: unknown;
  options?: object;
}

/**
 * Registers every channel of the contract through one wrapper: the sender must be the top frame
 * of Lantern's own UI, the argument must pass the channel's zod schema, the operation is called
 * with the desktop's caller options, and the answer is a result envelope (Electron drops custom
 * fields of thrown errors). Returns the function that removes them.
 */
export function registerIpcHandlers(deps: IpcDependencies): () => void {
  const { api, runs } = deps;
  const owners = new Set<string>();

  const call = async (
    name: OperationName,
    frame: Frame,
    event: IpcMainInvokeEvent,
    owner: string,
  ): Promise<unknown> => {
    const spec = operationSpec(name);
    const run = frame.callId === undefined ? undefined : runs.start(owner, frame.callId);
    try {
      const signal = run?.signal ?? new AbortController().signal;
      const onEvent = (step: unknown): void => {
        if (!event.sender.isDestroyed())
          event.sender.send(EVENT_PUSH, { callId: frame.callId, event: step } as EventPush);
      };
      return await callOperation(api, name, frame.input, {
        ...callerOptions(DESKTOP_CALLER, signal),
        ...frame.options,
        ...(spec.events ? { onEvent } : {}),
      });
    } finally {
      run?.release();
    }
  };

  const handle = (channel: IpcChannel): void => {
    deps.ipcMain.handle(channel, async (event: IpcMainInvokeEvent, raw: unknown): Promise<IpcResult<unknown>> => {
      try {
        assertOwnUi(event, deps.isOwnUi);
        const parsed = IPC_CONTRACT[channel].safeParse(raw);
        if (!parsed.success) throw validationError(channel, parsed.error);
        // Calls are told apart per window: one window cannot cancel another's.
        const owner = `window:${event.sender.id}`;
        owners.add(owner);
        if (channel === CANCEL_CHANNEL)
          return { ok: true, value: { cancelled: runs.cancel(owner, (parsed.data as { callId: string }).callId) } };
        return { ok: true, value: await call(channel, parsed.data as Frame, event, owner) };
      } catch (error) {
        return { ok: false, error: toErrorInfo(error) };
      }
    });
  };
  for (const channel of IPC_CHANNELS) handle(channel);
  return () => {
    for (const owner of owners) runs.cancelAll(owner);
    for (const channel of IPC_CHANNELS) deps.ipcMain.removeHandler(channel);
  };
}

/** Only the top frame of Lantern's own UI may call: not a subframe, not a page it navigated to. */
function assertOwnUi(event: IpcMainInvokeEvent, isOwnUi: (url: string) => boolean): void {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null || !isOwnUi(frame.url)) {
    throw new LanternError('UNAUTHORIZED', "IPC call from a frame that is not Lantern's own UI; it was refused.");
  }
}

/**
 * The check for Lantern's own UI: same scheme and host as `uiUrl` (app://lantern, or the dev
 * server's http://localhost:port), compared parsed so "app://lantern.evil" is not a match.
 */
export function ownUiMatcher(uiUrl: string): (url: string) => boolean {
  const own = new URL(uiUrl);
  return (url) => {
    try {
      const candidate = new URL(url);
      return candidate.protocol === own.protocol && candidate.host === own.host;
    } catch {
      return false;
    }
  };
}
