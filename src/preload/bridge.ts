import type { IpcRenderer } from 'electron';
import { EVENT_PUSH, IPC_CHANNELS } from '../shared/ipc-channels';
import type { EventPush, LanternBridge } from '../shared/ipc';

export type IpcRendererLike = Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>;

/**
 * The bridge the UI gets as `window.lantern`: one method per channel of the contract, and the
 * calls' events without the Electron event object (the page gets data, never an Electron object).
 */
export function createBridge(ipc: IpcRendererLike): LanternBridge {
  const methods = Object.fromEntries(
    IPC_CHANNELS.map((channel) => [channel, (request: unknown) => ipc.invoke(channel, request)]),
  );
  return {
    ...(methods as Omit<LanternBridge, 'onEvent'>),
    onEvent(listener) {
      const forward = (_event: unknown, push: EventPush): void => listener(push);
      ipc.on(EVENT_PUSH, forward);
      return () => void ipc.removeListener(EVENT_PUSH, forward);
    },
  };
}
