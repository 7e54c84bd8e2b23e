import type { IpcRenderer, WebUtils } from 'electron';
import { EVENT_PUSH, IPC_CHANNELS } from '../shared/ipc-channels';
import type { EventPush, LanternBridge } from '../shared/ipc';

export type IpcRendererLike = Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>;
export type WebUtilsLike = Pick<WebUtils, 'getPathForFile'>;

/**
 * The bridge the UI gets as `window.lantern`: one method per channel of the contract, the calls'
 * events without the Electron event object (the page gets data, never an Electron object), and
 * the paths of files dropped on the window or picked with a file input.
 */
export function createBridge(ipc: IpcRendererLike, webUtils: WebUtilsLike): LanternBridge {
  const methods = Object.fromEntries(
    IPC_CHANNELS.map((channel) => [channel, (request: unknown) => ipc.invoke(channel, request)]),
  );
  return {
    ...(methods as Omit<LanternBridge, 'onEvent' | 'pathOf'>),
    onEvent(listener) {
      const forward = (_event: unknown, push: EventPush): void => listener(push);
      ipc.on(EVENT_PUSH, forward);
      return () => void ipc.removeListener(EVENT_PUSH, forward);
    },
    pathOf(file) {
      // getPathForFile throws for what is not a File and answers '' for one made in JS (Electron's webUtils docs).
      try {
        return webUtils.getPathForFile(file);
      } catch {
        return '';
      }
    },
  };
}
