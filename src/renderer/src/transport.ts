import type { ErrorInfo, SearchRequestInput, SearchResponse } from '../../shared/contract';
import { LanternError } from '../../shared/errors';
import { createIpcClient } from './client/ipc-client';

export class TransportError extends Error {
  constructor(readonly info: ErrorInfo) {
    super(info.message);
  }
}

/** The UI's way to the core: IPC inside the desktop app (the research UI's client/index.ts replaces this). */
export async function search(request: SearchRequestInput): Promise<SearchResponse> {
  if (!window.lantern) {
    throw new TransportError({
      code: 'INTERNAL',
      message: 'This page runs outside the Lantern app, and the web mode (lantern serve) is not available yet.',
    });
  }
  try {
    return await createIpcClient(window.lantern).search(request);
  } catch (error) {
    if (error instanceof LanternError) throw new TransportError(error.toInfo());
    throw error;
  }
}
