/**
 * The one way screens reach Lantern's core: a ResearchApi built from the operations table
 * (api-client.ts). Inside the desktop app the preload exposes `window.lantern` and calls go over
 * IPC (ipc-client.ts); in a plain browser (web mode, `lantern serve`) they go over HTTP and
 * server-sent events (http-client.ts). No screen knows which.
 */
import type { ApiClient } from './api-client';
import { createHttpClient } from './http-client';
import { createIpcClient } from './ipc-client';

export type Client = ApiClient;

export const client: Client = window.lantern ? createIpcClient(window.lantern) : createHttpClient();

/** Inside the desktop app (its preload is there), not a page served by `lantern serve`. */
export const inDesktopApp: boolean = Boolean(window.lantern);

/**
 * Where the files a person dropped or picked are on disk, those that are on it: only the desktop
 * app is told (its preload); a browser never says, so there it is undefined.
 */
export const pathsOfFiles: ((files: readonly File[]) => string[]) | undefined = window.lantern
  ? (files) => files.map((file) => window.lantern!.pathOf(file)).filter((path) => path !== '')
  : undefined;
