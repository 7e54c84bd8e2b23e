import type { CDPSession } from 'playwright-core';

/**
 * The little of a Chrome DevTools Protocol session the page driver needs, attached to one tab.
 * Playwright's CDPSession (system Chromium) and Electron's webContents.debugger (the bundled
 * Chromium) both fit behind it, so everything done in a page is written once (page-driver.ts).
 */
export interface CdpSession {
  send<T = unknown>(method: string, params?: object): Promise<T>;
  on(event: string, listener: CdpListener): void;
  off(event: string, listener: CdpListener): void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- CDP event payloads are typed by the reader
export type CdpListener = (params: any) => void;

/** playwright's session for a tab. Its methods are typed per command; the driver names them as strings. */
export function playwrightCdp(session: CDPSession): CdpSession {
  const loose = session as unknown as {
    send(method: string, params?: object): Promise<unknown>;
    on(event: string, listener: CdpListener): void;
    off(event: string, listener: CdpListener): void;
  };
  return {
    send: <T>(method: string, params?: object) => loose.send(method, params) as Promise<T>,
    on: (event, listener) => loose.on(event, listener),
    off: (event, listener) => loose.off(event, listener),
  };
}
