/**
 * The narrow bridge between the UI and the main process: one method per IPC channel, no Electron
 * objects handed to the page. Bundled as one CommonJS file so `sandbox: true` holds.
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { LanternBridge } from '../shared/ipc';

const bridge: LanternBridge = {
  search: (request) => ipcRenderer.invoke('search:run', request),
};

contextBridge.exposeInMainWorld('lantern', bridge);
