import type { ErrorCode, ErrorInfo } from './contract';

/**
 * Errors are values with a stable code. Throw a LanternError anywhere in the core; each door
 * maps it to its own form (exit code, HTTP status, MCP isError, IPC result).
 */
export class LanternError extends Error {
  readonly code: ErrorCode;
  readonly retryAfterMs?: number;
  readonly details?: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    message: string,
    extra: { retryAfterMs?: number; details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'LanternError';
    this.code = code;
    if (extra.retryAfterMs !== undefined) this.retryAfterMs = extra.retryAfterMs;
    if (extra.details !== undefined) this.details = extra.details;
  }

  toInfo(): ErrorInfo {
    const info: ErrorInfo = { code: this.code, message: this.message };
    if (this.retryAfterMs !== undefined) info.retryAfterMs = this.retryAfterMs;
    if (this.details !== undefined) info.details = this.details;
    return info;
  }
}

/** Any thrown value as an ErrorInfo; unknown failures become INTERNAL without leaking stacks. */
export function toErrorInfo(error: unknown): ErrorInfo {
  if (error instanceof LanternError) return error.toInfo();
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'INTERNAL', message: `Unexpected failure: ${message}` };
}
