import type { IpcRenderer } from 'electron';
import { IPC_CHANNELS, IPC_PUSHES, type IpcChannel } from '../shared/ipc-channels';
import type { AnswerEventPush, LanternBridge } from '../shared/ipc';

export type IpcRendererLike = Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>;

/**
 * The bridge the UI gets as `window.lantern`: one method per channel of the contract, and answer
 * events without the Electron event object (the page gets data, never an Electron object).
 */
export function createBridge(ipc: IpcRendererLike): LanternBridge {
  const methods = Object.fromEntries(IPC_CHANNELS.map((channel: IpcChannel) => [channel, (request: unknown) => ipc.invoke(channel, request)]));
  return {
    ...(methods as Omit<LanternBridge, 'onAnswerEvent'>),
    onAnswerEvent(listener) {
      const forward = (_event: unknown, push: AnswerEventPush): void => listener(push);
      ipc.on(IPC_PUSHES.answerEvent, forward);
      return () => void ipc.removeListener(IPC_PUSHES.answerEvent, forward);
    },
  };
}
