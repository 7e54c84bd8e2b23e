/**
 * The narrow bridge between the UI and the main process (bridge.ts): one method per IPC channel,
 * no Electron objects handed to the page. Bundled as one CommonJS file so `sandbox: true` holds.
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { createBridge } from './bridge';

contextBridge.exposeInMainWorld('lantern', createBridge(ipcRenderer, webUtils));
