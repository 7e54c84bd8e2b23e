import type { ErrorCode } from '../../../shared/contract';

/** `lantern` exit codes: 0 ok, 2 invalid input, 3 blocked, 4 timeout or unreachable, 1 anything else. */
export const EXIT = { ok: 0, failure: 1, invalidInput: 2, blocked: 3, unreachable: 4 } as const;

export function exitCodeFor(code: ErrorCode): number {
  switch (code) {
    case 'INVALID_INPUT':
      return EXIT.invalidInput;
    case 'CAPTCHA_REQUIRED':
    case 'CONSENT_REQUIRED':
    case 'ENGINE_BLOCKED':
    case 'RATE_LIMITED':
      return EXIT.blocked;
    case 'TIMEOUT':
    case 'ENGINE_UNREACHABLE':
      return EXIT.unreachable;
    default:
      return EXIT.failure;
  }
}
