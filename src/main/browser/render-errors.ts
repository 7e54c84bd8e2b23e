import { LanternError } from '../../shared/errors';
import { firstLine } from './load-errors';

// How a render fallback's failures read, whichever browser rendered (chromium-renderer.ts, the Electron render window).

/** The signal is the render's time limit joined with the caller's own cancel. */
export function renderAbortError(signal: AbortSignal, url: string, timeoutMs: number): LanternError {
  const reason: unknown = signal.reason;
  if (reason instanceof DOMException && reason.name === 'TimeoutError') return timeoutError(url, timeoutMs);
  return new LanternError('CANCELLED', `Rendering ${new URL(url).origin} was cancelled.`);
}

function timeoutError(url: string, timeoutMs: number): LanternError {
  return new LanternError(
    'TIMEOUT',
    `Rendering ${new URL(url).origin} took longer than the ${timeoutMs} ms limit; try again, or raise the render timeout.`,
    {
      details: { timeoutMs },
    },
  );
}

export function toRenderError(error: unknown, url: string, timeoutMs: number): LanternError {
  if (error instanceof LanternError && error.code === 'TIMEOUT') return timeoutError(url, timeoutMs);
  if (error instanceof LanternError && error.code !== 'ENGINE_UNREACHABLE' && error.code !== 'INTERNAL') return error;
  return new LanternError('FETCH_FAILED', `Rendering ${new URL(url).origin} failed: ${errorMessage(error)}`);
}

function errorMessage(error: unknown): string {
  return firstLine(error instanceof Error ? error.message : String(error));
}
