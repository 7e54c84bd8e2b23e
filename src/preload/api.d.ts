import type { LanternBridge } from '../shared/ipc';

declare global {
  interface Window {
    /** Present when the UI runs inside the desktop app (absent in a plain browser). */
    lantern?: LanternBridge;
  }
}
export {};
