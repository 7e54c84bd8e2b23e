/**
 * The IPC channel names alone (no schemas), so the preload bundle stays small: one channel per
 * operation of the table, named as the operation (`history.list`), plus the door's own: cancelling
 * a call.
 */
import { OPERATION_NAMES, type OperationName } from './operations';

/** Cancels a running call by the callId it was given (operations with `cancellable`). */
export const CANCEL_CHANNEL = 'call:cancel';

export type IpcChannel = OperationName | typeof CANCEL_CHANNEL;

export const IPC_CHANNELS: readonly IpcChannel[] = [...OPERATION_NAMES, CANCEL_CHANNEL];

/** Main → renderer: one event of a running call (operations with `events`), as `{ callId, event }`. */
export const EVENT_PUSH = 'call:event';
