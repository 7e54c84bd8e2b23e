import type { Debugger, WebContents } from 'electron';
import type { CdpListener, CdpSession } from '../../browser/cdp-session';

/** What the adapter uses of webContents.debugger (a test double records these calls). */
export type DebuggerLike = Pick<Debugger, 'attach' | 'isAttached' | 'sendCommand' | 'on'>;

/** What the adapter uses of a window's webContents. */
export interface WebContentsLike {
  loadURL: WebContents['loadURL'];
  debugger: DebuggerLike;
}

/**
 * A new window's webContents.debugger as the page driver's CDP session: the Electron loaders'
 * only difference from the playwright one. Electron answers no debugger command until the
 * webContents has loaded something (electron/electron#14810, closed as intended; documented by
 * electron/electron#53114), so about:blank is loaded first: every command sent afterwards is
 * answered. Electron delivers every event to one 'message' listener; the driver subscribes per
 * event name, as with playwright.
 */
export async function electronCdp(contents: WebContentsLike): Promise<CdpSession> {
  await contents.loadURL('about:blank');
  const target = contents.debugger;
  if (!target.isAttached()) target.attach('1.3');
  const listeners = new Map<string, Set<CdpListener>>();
  target.on('message', (_event, method, params, sessionId) => {
    // Events of child sessions (workers, out-of-process frames) are not the tab's own.
    if (sessionId) return;
    for (const listener of listeners.get(method) ?? []) listener(params);
  });
  return {
    send: <T>(method: string, params?: object) => target.sendCommand(method, params) as Promise<T>,
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
    },
    off: (event, listener) => void listeners.get(event)?.delete(listener),
  };
}
