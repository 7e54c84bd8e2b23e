/**
 * The one way screens reach Lantern's core: a ResearchApi. Inside the desktop app the preload
 * exposes `window.lantern` and calls go over IPC (ipc-client.ts);
 * in a plain browser (web mode, `lantern serve`) they go over HTTP and server-sent events. No
 * screen knows which.
 */
import type { AccessApi, ResearchApi } from '../../../shared/api';
import { createHttpClient } from './http-client';
import { createIpcClient } from './ipc-client';

export type Client = ResearchApi & { readonly access?: AccessApi };

function createClient(): Client {
  return window.lantern ? createIpcClient(window.lantern) : createHttpClient();
}

export const client: Client = createClient();

/** Inside the desktop app (its preload is there), not a page served by `lantern serve`. */
export const inDesktopApp: boolean = Boolean(window.lantern);
