import type { CallOptions, CaptchaApi } from '../../shared/api';
import {
  CaptchaSolveRequestSchema,
  CaptchaWaitRequestSchema,
  type CaptchaSolveRequest,
  type CaptchaSolveResponse,
  type CaptchaPendingResponse,
  type CaptchaWaitRequest,
  type CaptchaWaitResponse,
  type PendingBlock,
} from '../../shared/captcha-contract';
import { ENGINE_IDS, type EngineId } from '../../shared/contract';
import { LanternError } from '../../shared/errors';
import type { EngineSuspensions } from '../search/suspension';
import { validationError } from '../common/validation';

const BLOCK_KINDS: Record<string, PendingBlock['kind']> = { CAPTCHA_REQUIRED: 'captcha', CONSENT_REQUIRED: 'consent' };

/**
 * CAPTCHA and consent blocks, read from the search service's engine suspensions: a block is an
 * engine paused after one, and it ends when a person solves it (the suspension is lifted) or
 * the pause runs out.
 */
export class CaptchaService implements CaptchaApi {
  constructor(
    private readonly deps: {
      suspensions: EngineSuspensions;
      /** Whether this runtime can show a blocked page to a person. */
      canShowWindow: () => boolean;
      /** Shows the engine's blocked page to a person and resolves once it is solved (SearchService.solveBlock). */
      solve?: (engine: EngineId, signal?: AbortSignal) => Promise<void>;
      now?: () => number;
    },
  ) {}

  async pending(): Promise<CaptchaPendingResponse> {
    const blocks = ENGINE_IDS.map((engine) => this.blockOf(engine)).filter((block) => block !== undefined);
    return { blocks, canShowWindow: this.deps.canShowWindow() };
  }

  async wait(input: CaptchaWaitRequest, options: CallOptions = {}): Promise<CaptchaWaitResponse> {
    const parsed = CaptchaWaitRequestSchema.safeParse(input);
    if (!parsed.success) throw validationError('captcha.wait request', parsed.error);
    const { engine, timeoutMs } = parsed.data;
    const block = this.blockOf(engine);
    if (!block) {
      throw new LanternError(
        'NOT_FOUND',
        `${engine} is not blocked by a CAPTCHA or consent wall; there is nothing to wait for.`,
      );
    }
    const now = this.deps.now ?? Date.now;
    // The sooner of the two decides: a pause that ends within the wait is 'expired'.
    const untilExpiry = Math.max(0, block.until - now());
    const [endsInMs, ending] =
      untilExpiry <= timeoutMs ? [untilExpiry, 'expired' as const] : [timeoutMs, 'timed-out' as const];
    return new Promise<CaptchaWaitResponse>((resolve, reject) => {
      const finish = (outcome: () => void): void => {
        clearTimeout(timer);
        stopListening();
        options.signal?.removeEventListener('abort', onAbort);
        outcome();
      };
      const stopListening = this.deps.suspensions.onLift((lifted) => {
        if (lifted === engine) finish(() => resolve({ engine, outcome: 'solved' }));
      });
      const onAbort = (): void =>
        finish(() => reject(new LanternError('CANCELLED', `Stopped waiting for the ${engine} block.`)));
      const timer = setTimeout(() => finish(() => resolve({ engine, outcome: ending })), endsInMs);
      if (options.signal?.aborted) onAbort();
      else options.signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  async solve(input: CaptchaSolveRequest, options: CallOptions = {}): Promise<CaptchaSolveResponse> {
    const parsed = CaptchaSolveRequestSchema.safeParse(input);
    if (!parsed.success) throw validationError('captcha.solve request', parsed.error);
    const { engine } = parsed.data;
    if (!this.blockOf(engine)) {
      throw new LanternError(
        'NOT_FOUND',
        `${engine} is not blocked by a CAPTCHA or consent wall; there is nothing to solve. Ask again.`,
      );
    }
    if (!this.deps.solve || !this.deps.canShowWindow()) {
      throw new LanternError(
        'CAPTCHA_REQUIRED',
        'There is no display here to show the verification page on. Use the Lantern desktop app, or run lantern serve on a desktop (or under xvfb-run with a VNC viewer).',
      );
    }
    await this.deps.solve(engine, options.signal);
    return { engine, outcome: 'solved' };
  }

  private blockOf(engine: EngineId): PendingBlock | undefined {
    const suspension = this.deps.suspensions.get(engine);
    const kind = suspension && BLOCK_KINDS[suspension.code];
    if (!suspension || !kind) return undefined;
    return { engine, kind, message: suspension.message, until: suspension.until };
  }
}
