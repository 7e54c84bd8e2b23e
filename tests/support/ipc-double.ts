/**
 * An ipcMain / ipcRenderer pair in one process, as Electron connects them: arguments, answers and
 * pushes pass through structuredClone (Electron's serialization, which drops class identity and
 * custom error fields), and every call carries the sender frame the wrapper checks.
 */
import { EventEmitter } from 'node:events';
import type { IpcDependencies } from '../../src/main/doors/electron/ipc';
import type { IpcRendererLike, WebUtilsLike } from '../../src/preload/bridge';

type Handler = Parameters<IpcDependencies['ipcMain']['handle']>[1];
type InvokeEvent = Parameters<Handler>[0];

export interface SenderFrame {
  url: string;
  /** null for a window's top frame. */
  parent: unknown;
}

export class IpcMainDouble {
  readonly handlers = new Map<string, Handler>();

  handle(channel: string, handler: Handler): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }

  /** What ipcRenderer.invoke(channel, arg) from `frame` gets back. */
  async invoke(
    channel: string,
    arg: unknown,
    frame: SenderFrame | null,
    sender: { id: number; send(channel: string, payload: unknown): void; isDestroyed(): boolean },
  ): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    const event = { senderFrame: frame, sender } as unknown as InvokeEvent;
    return structuredClone(await handler(event, structuredClone(arg)));
  }
}

let nextSenderId = 1;

/** The renderer side of one window, showing `frameUrl`. */
export function ipcRendererDouble(main: IpcMainDouble, frame: SenderFrame | null): IpcRendererLike {
  const pushes = new EventEmitter();
  const sender = {
    id: nextSenderId++,
    send: (channel: string, payload: unknown) => pushes.emit(channel, {}, structuredClone(payload)),
    isDestroyed: () => false,
  };
  return {
    invoke: (channel: string, ...args: unknown[]) => main.invoke(channel, args[0], frame, sender),
    on(channel: string, listener: (...args: never[]) => void) {
      pushes.on(channel, listener as (...args: unknown[]) => void);
      return this as never;
    },
    removeListener(channel: string, listener: (...args: never[]) => void) {
      pushes.removeListener(channel, listener as (...args: unknown[]) => void);
      return this as never;
    },
  } as IpcRendererLike;
}

/**
 * Electron's webUtils as its docs describe getPathForFile: "In the case where the object passed
 * in is not a File object an exception is thrown. In the case where the File object passed in
 * was constructed in JS and is not backed by a file on disk an empty string is returned." The
 * files a test says are on disk answer their path.
 */
export function webUtilsDouble(onDisk: ReadonlyMap<File, string> = new Map()): WebUtilsLike {
  return {
    getPathForFile(file: File): string {
      if (!(file instanceof File)) throw new TypeError('Error processing argument at index 0, conversion failure');
      return onDisk.get(file) ?? '';
    },
  };
}
