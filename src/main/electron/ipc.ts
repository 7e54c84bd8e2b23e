import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import type * as z from 'zod';
import type { ResearchApi } from '../../shared/api';
import type { AnswerEvent } from '../../shared/answer-contract';
import { LanternError, toErrorInfo } from '../../shared/errors';
import {
  IPC_CHANNELS,
  IPC_CONTRACT,
  IPC_PUSHES,
  type ApiTokenInfo,
  type AnswerEventPush,
  type ResearchEventPush,
  type SecretsStatus,
  type IpcChannel,
  type IpcResponse,
  type IpcResult,
} from '../../shared/ipc';
import type { ResearchEvent } from '../../shared/research-contract';
import { validationError } from '../validation';

/** Whose results the desktop app's searches are (the agents' API has its own sessions). */
export const DESKTOP_SESSION = 'desktop';

export interface IpcDependencies {
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>;
  api: ResearchApi;
  /** True for the URL of Lantern's own UI (app://lantern/…, or the dev server's). */
  isOwnUi: (url: string) => boolean;
  token: { get(): ApiTokenInfo; rotate(): ApiTokenInfo };
  secrets: { status(): SecretsStatus; setLlmKey(key: string | null): SecretsStatus };
}

type Parsed<C extends IpcChannel> = z.output<(typeof IPC_CONTRACT)[C]['request']>;

interface CallContext {
  /** Aborted by `call:cancel` with this call's id, or when the UI that asked goes away. */
  signal: AbortSignal;
  /** Sends a main → renderer push to the frame that made the call. */
  push(channel: string, payload: unknown): void;
}

type Handlers = { [C in IpcChannel]: (request: Parsed<C>, context: CallContext) => Promise<IpcResponse<C>> };

/**
 * Registers every channel of the contract through one wrapper: the sender must be the top frame
 * of Lantern's own UI, the argument must pass the channel's zod schema, and the answer is a result
 * envelope (Electron drops custom fields of thrown errors). Returns the function that removes them.
 */
export function registerIpcHandlers(deps: IpcDependencies): () => void {
  const { api } = deps;
  const running = new Map<string, AbortController>();
  // A person is at the desktop: a CAPTCHA is shown to them in the search window, not just reported.
  const searchOptions = (signal: AbortSignal) => ({ signal, interactive: true, session: DESKTOP_SESSION, recordHistory: true });
  const handlers: Handlers = {
    'search:run': ({ input }, { signal }) => api.search(input, searchOptions(signal)),
    'search:many': ({ input }, { signal }) => api.searchMany(input, searchOptions(signal)),
    'fetch:run': ({ input }, { signal }) => api.fetch(input, { signal, session: DESKTOP_SESSION }),
    'answer:run': ({ callId, input, threadId }, { signal, push }) =>
      api.answer(input, {
        signal,
        session: DESKTOP_SESSION,
        recordHistory: true,
        ...(threadId === undefined ? {} : { threadId }),
        onEvent: (event: AnswerEvent) => push(IPC_PUSHES.answerEvent, { callId, event } satisfies AnswerEventPush),
      }),
    'research:plan': ({ input }, { signal }) => api.research.plan(input, { signal, session: DESKTOP_SESSION }),
    'research:run': ({ callId, input }, { signal, push }) =>
      api.research.run(input, {
        signal,
        session: DESKTOP_SESSION,
        recordHistory: true,
        // A person is at the desktop: a CAPTCHA mid-research is shown to them, and the run waits.
        interactive: true,
        onEvent: (event: ResearchEvent) => push(IPC_PUSHES.researchEvent, { callId, event } satisfies ResearchEventPush),
      }),
    'call:cancel': async () => ({ cancelled: false }), // answered by the wrapper, which knows the caller
    'history:list': (request) => api.history.list(request),
    'history:get': (request) => api.history.get(request),
    'history:search': (request) => api.history.search(request),
    'history:delete': (request) => api.history.delete(request),
    'history:export': (request) => api.history.export(request),
    'settings:get': () => api.settings.get(),
    'settings:update': (patch) => api.settings.update(patch),
    'settings:reset': () => api.settings.reset(),
    'captcha:pending': () => api.captcha.pending(),
    'captcha:wait': ({ input }, { signal }) => api.captcha.wait(input, { signal }),
    'captcha:solve': ({ input }, { signal }) => api.captcha.solve(input, { signal }),
    'search:reset-session': async () => {
      await api.resetSearchSession?.();
      return { reset: true };
    },
    'token:get': async () => deps.token.get(),
    'token:rotate': async () => deps.token.rotate(),
    'secrets:status': async () => deps.secrets.status(),
    'secrets:set-llm-key': async ({ key }) => deps.secrets.setLlmKey(key),
  };

  const handle = <C extends IpcChannel>(channel: C): void => {
    deps.ipcMain.handle(channel, async (event: IpcMainInvokeEvent, raw: unknown): Promise<IpcResult<IpcResponse<C>>> => {
      try {
        assertOwnUi(event, deps.isOwnUi);
        const parsed = IPC_CONTRACT[channel].request.safeParse(raw);
        if (!parsed.success) throw validationError(channel, parsed.error);
        const request = parsed.data as Parsed<C>;
        // Calls are told apart per window: one window cannot cancel another's.
        const key = (callId: string): string => `${event.sender.id}:${callId}`;
        if (channel === 'call:cancel') {
          const controller = running.get(key((request as Parsed<'call:cancel'>).callId));
          controller?.abort();
          return { ok: true, value: { cancelled: controller !== undefined } as IpcResponse<C> };
        }
        const callId = typeof request === 'object' && request !== null && 'callId' in request ? request.callId : undefined;
        const controller = new AbortController();
        if (typeof callId === 'string') running.set(key(callId), controller);
        try {
          const push = (pushChannel: string, payload: unknown): void => {
            if (!event.sender.isDestroyed()) event.sender.send(pushChannel, payload);
          };
          const value = await handlers[channel](request, { signal: controller.signal, push });
          return { ok: true, value };
        } finally {
          if (typeof callId === 'string') running.delete(key(callId));
        }
      } catch (error) {
        return { ok: false, error: toErrorInfo(error) };
      }
    });
  };
  for (const channel of IPC_CHANNELS) handle(channel);
  return () => {
    for (const controller of running.values()) controller.abort();
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
