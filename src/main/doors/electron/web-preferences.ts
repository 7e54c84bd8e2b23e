import type { WebPreferences } from 'electron';

/**
 * What every Lantern window starts from (Electron's security checklist): the page runs in
 * Chromium's sandbox, isolated from any preload, without Node and without <webview>.
 */
export const SECURE_WEB_PREFERENCES = {
  sandbox: true,
  contextIsolation: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webviewTag: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  navigateOnDragDrop: false,
  spellcheck: false,
} as const satisfies WebPreferences;
