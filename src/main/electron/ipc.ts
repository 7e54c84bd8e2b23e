import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { IPC_REQUESTS, type IpcChannel, type IpcResponse, type IpcResult } from '../../shared/ipc';
import { LanternError, toErrorInfo } from '../../shared/errors';
import type { ResearchApi } from '../../shared/api';
import { validationError } from '../validation';

/**
 * Every IPC handler goes through here: the sender must be our own UI frame, arguments are
 * validated with the channel's zod schema, and the answer is a result envelope.
 */
function handle<C extends IpcChannel>(
  channel: C,
  isOwnUi: (url: string) => boolean,
  run: (request: unknown) => Promise<IpcResponse<C>>,
): void {
  ipcMain.handle(channel, async (event: IpcMainInvokeEvent, raw: unknown): Promise<IpcResult<IpcResponse<C>>> => {
    try {
      const frameUrl = event.senderFrame?.url ?? '';
      if (!isOwnUi(frameUrl)) throw new LanternError('UNAUTHORIZED', 'IPC call from a frame that is not Lantern\'s own UI.');
      const parsed = IPC_REQUESTS[channel].request.safeParse(raw);
      if (!parsed.success) throw validationError(channel, parsed.error);
      return { ok: true, value: await run(parsed.data) };
    } catch (error) {
      return { ok: false, error: toErrorInfo(error) };
    }
  });
}

export function registerIpcHandlers(api: ResearchApi, isOwnUi: (url: string) => boolean): void {
  // A person is at the desktop: a CAPTCHA is shown to them in the search window, not just reported.
  handle('search:run', isOwnUi, (request) =>
    api.search(request as Parameters<ResearchApi['search']>[0], { interactive: true, session: 'desktop', recordHistory: true }),
  );
}
