/**
 * The one IPC contract, derived from the operations table: each operation is a channel of its own
 * name, sent one frame `{ callId?, input, options? }` — the operation's request, the call options
 * its caller may set, and for a cancellable call the id `call:cancel` names — checked by zod in
 * main against the operation's schemas (operation-schemas.ts). The main-process handlers, the
 * preload bridge and the renderer's client are all typed from this file.
 */
import * as z from 'zod';
import type { AnswerEvent } from './answer-contract';
import type { ModelDownloadEvent } from './models-contract';
import type { ErrorInfo } from './contract';
import { CANCEL_CHANNEL, type IpcChannel } from './ipc-channels';
import { OPERATION_SCHEMAS, type OperationSchemas } from './operation-schemas';
import type { LibraryEvent } from './library-contract';
import type { ResearchEvent } from './research-contract';
import {
  OPERATION_NAMES,
  operationSpec,
  type CallerSetOption,
  type OperationName,
  type OperationOptions,
  type OperationRequest,
  type OperationResult,
} from './operations';

export { CANCEL_CHANNEL, EVENT_PUSH, IPC_CHANNELS, type IpcChannel } from './ipc-channels';

const CallIdSchema = z.string().min(1).max(64);

/** The frame an operation's channel takes. */
function frameSchema(name: OperationName): z.ZodType {
  const { request, options } = OPERATION_SCHEMAS[name] as OperationSchemas;
  return z
    .object({
      ...(operationSpec(name).cancellable ? { callId: CallIdSchema } : {}),
      input: request ?? z.undefined(),
      ...(options ? { options: options.optional() } : {}),
    })
    .strict();
}

export const IPC_CONTRACT: Readonly<Record<IpcChannel, z.ZodType>> = {
  ...(Object.fromEntries(OPERATION_NAMES.map((name) => [name, frameSchema(name)])) as Record<OperationName, z.ZodType>),
  [CANCEL_CHANNEL]: z.object({ callId: CallIdSchema }).strict(),
};

/** What the renderer sends on an operation's channel. */
export type IpcFrame<N extends OperationName> = {
  input: OperationRequest<N>;
  options?: Pick<OperationOptions<N>, CallerSetOption & keyof OperationOptions<N>>;
  callId?: string;
};

export type IpcRequest<C extends IpcChannel> = C extends OperationName ? IpcFrame<C> : { callId: string };
export type IpcResponse<C extends IpcChannel> = C extends OperationName ? OperationResult<C> : { cancelled: boolean };

/** Electron drops custom fields of thrown errors, so every handler answers with this envelope. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };

/** One step of a running call, pushed on EVENT_PUSH. */
export interface EventPush {
  callId: string;
  event: AnswerEvent | ResearchEvent | ModelDownloadEvent | LibraryEvent;
}

/**
 * What the preload exposes on `window.lantern`: one method per channel, named as the channel,
 * and a subscription to the calls' events that returns its unsubscribe function.
 */
export type LanternBridge = {
  readonly [C in IpcChannel]: (request: IpcRequest<C>) => Promise<IpcResult<IpcResponse<C>>>;
} & {
  onEvent(listener: (push: EventPush) => void): () => void;
  /**
   * Where a dropped or picked file is on disk (Electron's webUtils.getPathForFile, which the
   * preload alone may call since Electron 32 removed File.path): '' for a file not backed by one.
   * One File an argument, as webUtils' docs pass it across the context bridge.
   */
  pathOf(file: File): string;
};
