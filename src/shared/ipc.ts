/**
 * The one IPC contract: channel names (`domain:action`) and what each carries. The preload and
 * the main-process handlers are both typed from this file.
 */
import type * as z from 'zod';
import { SearchRequestSchema, type ErrorInfo, type SearchResponse } from './contract';

export const IPC_REQUESTS = {
  'search:run': { request: SearchRequestSchema, response: undefined as unknown as SearchResponse },
} as const;

export type IpcChannel = keyof typeof IPC_REQUESTS;
export type IpcRequest<C extends IpcChannel> = z.input<(typeof IPC_REQUESTS)[C]['request']>;
export type IpcResponse<C extends IpcChannel> = (typeof IPC_REQUESTS)[C]['response'];

/** Electron drops custom fields of thrown errors, so every handler answers with this envelope. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };

/** What the preload exposes on `window.lantern`: one method per channel. */
export interface LanternBridge {
  search(request: IpcRequest<'search:run'>): Promise<IpcResult<SearchResponse>>;
}
