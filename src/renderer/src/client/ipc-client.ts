/**
 * ResearchApi over the desktop app's preload bridge (window.lantern): every operation is one IPC
 * channel of src/shared/ipc.ts. Answers come back as result envelopes and are turned into the
 * same LanternError (code, message, details) the core threw; a call's AbortSignal cancels it in
 * the main process (`call:cancel`); answer and research events arrive as pushes while the call runs.
 */
import type { AccessApi, AnswerOptions, CallOptions, FetchOptions, LlmKeyState, ResearchApi, ResearchOptions, SearchOptions } from '../../../shared/api';
import type { AnswerRequestInput, AnswerResponse } from '../../../shared/answer-contract';
import type { CaptchaSolveRequest, CaptchaWaitRequest } from '../../../shared/captcha-contract';
import type { SearchManyRequestInput, SearchRequestInput } from '../../../shared/contract';
import { LanternError } from '../../../shared/errors';
import type { FetchRequestInput } from '../../../shared/fetch-contract';
import type { ApiTokenInfo, IpcResult, LanternBridge, SecretsStatus } from '../../../shared/ipc';
import type { ResearchPlanRequestInput, ResearchReport, ResearchRequestInput } from '../../../shared/research-contract';

/** The local API's token, which only the desktop app hands to the UI (not part of ResearchApi yet). */
export interface TokenApi {
  get(): Promise<ApiTokenInfo>;
  rotate(): Promise<ApiTokenInfo>;
}

/** The desktop app's secrets: how they are kept, and the LLM key (write-only: it never comes back to the UI). */
export interface SecretsApi {
  status(): Promise<SecretsStatus>;
  setLlmKey(key: string | null): Promise<SecretsStatus>;
}

export type IpcResearchClient = ResearchApi & {
  readonly access: AccessApi;
  resetSearchSession(): Promise<void>;
  readonly token: TokenApi;
  readonly secrets: SecretsApi;
};

export function createIpcClient(bridge: LanternBridge): IpcResearchClient {
  /** Runs a cancellable call: a fresh call id, cancelled in main when `signal` aborts. */
  const cancellable = async <T>(signal: AbortSignal | undefined, run: (callId: string) => Promise<IpcResult<T>>): Promise<T> => {
    if (signal?.aborted) throw new LanternError('CANCELLED', 'The call was cancelled before it started.');
    const callId = crypto.randomUUID();
    const onAbort = (): void => void bridge['call:cancel']({ callId });
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return unwrap(await run(callId));
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  };

  return {
    search: (input: SearchRequestInput, options: SearchOptions = {}) => cancellable(options.signal, (callId) => bridge['search:run']({ callId, input })),
    searchMany: (input: SearchManyRequestInput, options: SearchOptions = {}) =>
      cancellable(options.signal, (callId) => bridge['search:many']({ callId, input })),
    fetch: (input: FetchRequestInput, options: FetchOptions = {}) => cancellable(options.signal, (callId) => bridge['fetch:run']({ callId, input })),
    answer: (input: AnswerRequestInput, options: AnswerOptions = {}): Promise<AnswerResponse> =>
      cancellable(options.signal, async (callId) => {
        const { onEvent } = options;
        const unsubscribe = onEvent ? bridge.onAnswerEvent((push) => push.callId === callId && onEvent(push.event)) : undefined;
        try {
          return await bridge['answer:run']({ callId, input, ...(options.threadId === undefined ? {} : { threadId: options.threadId }) });
        } finally {
          unsubscribe?.();
        }
      }),
    research: {
      plan: (input: ResearchPlanRequestInput, options: CallOptions = {}) =>
        cancellable(options.signal, (callId) => bridge['research:plan']({ callId, input })),
      run: (input: ResearchRequestInput, options: ResearchOptions = {}): Promise<ResearchReport> =>
        cancellable(options.signal, async (callId) => {
          const { onEvent } = options;
          const unsubscribe = onEvent ? bridge.onResearchEvent((push) => push.callId === callId && onEvent(push.event)) : undefined;
          try {
            return await bridge['research:run']({ callId, input });
          } finally {
            unsubscribe?.();
          }
        }),
    },
    history: {
      list: async (request) => unwrap(await bridge['history:list'](request)),
      get: async (request) => unwrap(await bridge['history:get'](request)),
      search: async (request) => unwrap(await bridge['history:search'](request)),
      delete: async (request) => unwrap(await bridge['history:delete'](request)),
      export: async (request) => unwrap(await bridge['history:export'](request)),
    },
    settings: {
      get: async () => unwrap(await bridge['settings:get'](undefined)),
      update: async (patch) => unwrap(await bridge['settings:update'](patch)),
      reset: async () => unwrap(await bridge['settings:reset'](undefined)),
    },
    captcha: {
      pending: async () => unwrap(await bridge['captcha:pending'](undefined)),
      wait: (input: CaptchaWaitRequest, options: CallOptions = {}) => cancellable(options.signal, (callId) => bridge['captcha:wait']({ callId, input })),
      solve: (input: CaptchaSolveRequest, options: CallOptions = {}) => cancellable(options.signal, (callId) => bridge['captcha:solve']({ callId, input })),
    },
    async resetSearchSession() {
      unwrap(await bridge['search:reset-session'](undefined));
    },
    // What the UI's settings page asks of any door (AccessApi), over the desktop app's token and secrets channels.
    access: {
      token: async () => ({ token: unwrap(await bridge['token:get'](undefined)).token }),
      rotateToken: async () => ({ token: unwrap(await bridge['token:rotate'](undefined)).token }),
      setLlmKey: async ({ key }) => keyState(unwrap(await bridge['secrets:set-llm-key']({ key }))),
      llmKeyState: async () => keyState(unwrap(await bridge['secrets:status'](undefined))),
    },
    token: {
      get: async () => unwrap(await bridge['token:get'](undefined)),
      rotate: async () => unwrap(await bridge['token:rotate'](undefined)),
    },
    secrets: {
      status: async () => unwrap(await bridge['secrets:status'](undefined)),
      setLlmKey: async (key) => unwrap(await bridge['secrets:set-llm-key']({ key })),
    },
  };
}

function keyState({ hasKey, problem }: SecretsStatus): LlmKeyState {
  return problem === undefined ? { hasKey } : { hasKey, problem };
}

function unwrap<T>(result: IpcResult<T>): T {
  if (result.ok) return result.value;
  const { code, message, retryAfterMs, details } = result.error;
  throw new LanternError(code, message, { ...(retryAfterMs === undefined ? {} : { retryAfterMs }), ...(details === undefined ? {} : { details }) });
}
