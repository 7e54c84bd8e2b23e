/**
 * The one way screens reach Lantern's core: a ResearchApi. Inside the desktop app the preload
 * exposes `window.lantern` and calls go over IPC (ipc-client.ts, written with the Electron shell);
 * in a plain browser (web mode, `lantern serve`) they go over HTTP and server-sent events. No
 * screen knows which.
 */
import type { AccessApi, ResearchApi } from '../../../shared/api';
import { createHttpClient } from './http-client';

export type Client = ResearchApi & { readonly access?: AccessApi };

/**
 * ipc-client.ts is picked up when it exists (a glob with no match is an empty object, so this
 * builds before and after the Electron shell adds it). It is expected to export
 * `createIpcClient(bridge): ResearchApi`.
 */
const ipcModules = import.meta.glob<{ createIpcClient?: (bridge: NonNullable<Window['lantern']>) => Client }>('./ipc-client.ts', { eager: true });

function createClient(): Client {
  const createIpcClient = Object.values(ipcModules)[0]?.createIpcClient; // ← IPC client (Electron shell's file)
  if (window.lantern && createIpcClient) return createIpcClient(window.lantern);
  return createHttpClient();
}

export const client: Client = createClient();
