/**
 * The one IPC contract: for every channel (ipc-channels.ts) the zod schema of what the renderer
 * sends and the type of what main answers; the main-process handlers, the preload bridge and the
 * renderer's client are all typed from this file. Calls that can take long (search, fetch,
 * answer, waiting for a CAPTCHA) carry a `callId` that `call:cancel` names.
 */
import * as z from 'zod';
import { AnswerRequestSchema, type AnswerEvent, type AnswerResponse } from './answer-contract';
import {
  CaptchaSolveRequestSchema,
  CaptchaWaitRequestSchema,
  type CaptchaPendingResponse,
  type CaptchaSolveResponse,
  type CaptchaWaitResponse,
} from './captcha-contract';
import { SearchManyRequestSchema, SearchRequestSchema, type ErrorInfo, type SearchManyResponse, type SearchResponse } from './contract';
import { FetchRequestSchema, type FetchResponse } from './fetch-contract';
import {
  HistoryExportRequestSchema,
  HistoryListRequestSchema,
  HistorySearchRequestSchema,
  ThreadIdSchema,
  ThreadRequestSchema,
  type FullTextHit,
  type HistoryDeleteResponse,
  type HistoryExportResponse,
  type Thread,
  type ThreadSummary,
} from './history-contract';
import type { LlmKeyState } from './api';
import type { IpcChannel } from './ipc-channels';
import { ResearchPlanRequestSchema, ResearchRequestSchema, type ResearchEvent, type ResearchPlan, type ResearchReport } from './research-contract';
import { SettingsPatchSchema, type Settings } from './settings-contract';

export { IPC_CHANNELS, IPC_PUSHES, type IpcChannel } from './ipc-channels';

const CallIdSchema = z.string().min(1).max(64);

/** A cancellable call: the operation's own input, and an id the renderer can cancel it by. */
function cancellable<S extends z.ZodType>(input: S) {
  return z.object({ callId: CallIdSchema, input }).strict();
}

/** Channels that take nothing. */
const NothingSchema = z.undefined();

/** What a channel answers, as a type only (main builds it; nothing validates its own answers). */
const answers = <T>(): T => undefined as unknown as T;

export const IPC_CONTRACT = {
  'search:run': { request: cancellable(SearchRequestSchema), response: answers<SearchResponse>() },
  'search:many': { request: cancellable(SearchManyRequestSchema), response: answers<SearchManyResponse>() },
  'fetch:run': { request: cancellable(FetchRequestSchema), response: answers<FetchResponse>() },
  'answer:run': {
    // A follow-up names the thread it continues.
    request: z.object({ callId: CallIdSchema, input: AnswerRequestSchema, threadId: ThreadIdSchema.optional() }).strict(),
    response: answers<AnswerResponse>(),
  },
  'research:plan': { request: cancellable(ResearchPlanRequestSchema), response: answers<ResearchPlan>() },
  'research:run': { request: cancellable(ResearchRequestSchema), response: answers<ResearchReport>() },
  'call:cancel': { request: z.object({ callId: CallIdSchema }).strict(), response: answers<{ cancelled: boolean }>() },
  'history:list': { request: HistoryListRequestSchema.optional(), response: answers<ThreadSummary[]>() },
  'history:get': { request: ThreadRequestSchema, response: answers<Thread>() },
  'history:search': { request: HistorySearchRequestSchema, response: answers<FullTextHit[]>() },
  'history:delete': { request: ThreadRequestSchema, response: answers<HistoryDeleteResponse>() },
  'history:export': { request: HistoryExportRequestSchema, response: answers<HistoryExportResponse>() },
  'settings:get': { request: NothingSchema, response: answers<Settings>() },
  'settings:update': { request: SettingsPatchSchema, response: answers<Settings>() },
  'settings:reset': { request: NothingSchema, response: answers<Settings>() },
  'captcha:pending': { request: NothingSchema, response: answers<CaptchaPendingResponse>() },
  'captcha:wait': { request: cancellable(CaptchaWaitRequestSchema), response: answers<CaptchaWaitResponse>() },
  'captcha:solve': { request: cancellable(CaptchaSolveRequestSchema), response: answers<CaptchaSolveResponse>() },
  'search:reset-session': { request: NothingSchema, response: answers<{ reset: true }>() },
  'token:get': { request: NothingSchema, response: answers<ApiTokenInfo>() },
  'token:rotate': { request: NothingSchema, response: answers<ApiTokenInfo>() },
  'secrets:status': { request: NothingSchema, response: answers<SecretsStatus>() },
  // null removes the key.
  'secrets:set-llm-key': { request: z.object({ key: z.string().trim().min(1).max(4096).nullable() }).strict(), response: answers<SecretsStatus>() },
} as const satisfies Record<IpcChannel, { request: z.ZodType; response: unknown }>;

/** The local API's token and where agents reach the API. */
export interface ApiTokenInfo {
  token: string;
  /** e.g. http://127.0.0.1:7777 while the local API runs; absent when it is off. */
  url?: string;
}

/** How the desktop app keeps its secrets, for the settings page to say. */
export interface SecretsStatus extends LlmKeyState {
  /**
   * Always 'file': 0600 files in the data dir that every runtime reads, never the OS keyring
   * (docs/security.md, "Secrets"), whatever safeStorage offers on this machine.
   */
  protection: 'file';
}

export type IpcRequest<C extends IpcChannel> = z.input<(typeof IPC_CONTRACT)[C]['request']>;
export type IpcResponse<C extends IpcChannel> = (typeof IPC_CONTRACT)[C]['response'];

/** Electron drops custom fields of thrown errors, so every handler answers with this envelope. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };

/** An answer step pushed on IPC_PUSHES.answerEvent. */
export interface AnswerEventPush {
  callId: string;
  event: AnswerEvent;
}

/** A research step pushed on IPC_PUSHES.researchEvent. */
export interface ResearchEventPush {
  callId: string;
  event: ResearchEvent;
}

/**
 * What the preload exposes on `window.lantern`: one method per channel, named as the channel,
 * and subscriptions to answer and research events that return their unsubscribe functions.
 */
export type LanternBridge = {
  readonly [C in IpcChannel]: (request: IpcRequest<C>) => Promise<IpcResult<IpcResponse<C>>>;
} & {
  onAnswerEvent(listener: (push: AnswerEventPush) => void): () => void;
  onResearchEvent(listener: (push: ResearchEventPush) => void): () => void;
};
