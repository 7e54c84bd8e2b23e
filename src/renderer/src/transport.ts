import type { ErrorInfo, SearchRequestInput, SearchResponse } from '../../shared/contract';
import type { IpcResult } from '../../shared/ipc';

export class TransportError extends Error {
  constructor(readonly info: ErrorInfo) {
    super(info.message);
  }
}

function unwrap<T>(result: IpcResult<T>): T {
  if (result.ok) return result.value;
  throw new TransportError(result.error);
}

/** The UI's way to the core: IPC inside the desktop app. */
export async function search(request: SearchRequestInput): Promise<SearchResponse> {
  if (!window.lantern) {
    throw new TransportError({
      code: 'INTERNAL',
      message: 'This page runs outside the Lantern app, and the web mode (lantern serve) is not available yet.',
    });
  }
  return unwrap(await window.lantern.search(request));
}
