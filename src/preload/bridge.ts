import type { IpcRenderer } from 'electron';
import { IPC_CHANNELS, IPC_PUSHES, type IpcChannel } from '../shared/ipc-channels';
import type { LanternBridge } from '../shared/ipc';

export type IpcRendererLike = Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>;

/**
 * The bridge the UI gets as `window.lantern`: one method per channel of the contract, and answer
 * and research events without the Electron event object (the page gets data, never an Electron object).
 */
export function createBridge(ipc: IpcRendererLike): LanternBridge {
  const subscribe = <P>(channel: string, listener: (push: P) => void): (() => void) => {
    const forward = (_event: unknown, push: P): void => listener(push);
    ipc.on(channel, forward);
    return () => void ipc.removeListener(channel, forward);
  };
  const methods = Object.fromEntries(IPC_CHANNELS.map((channel: IpcChannel) => [channel, (request: unknown) => ipc.invoke(channel, request)]));
  return {
    ...(methods as Omit<LanternBridge, 'onAnswerEvent' | 'onResearchEvent'>),
    onAnswerEvent: (listener) => subscribe(IPC_PUSHES.answerEvent, listener),
    onResearchEvent: (listener) => subscribe(IPC_PUSHES.researchEvent, listener),
  };
}
