/**
 * The CAPTCHA part of the contract: engines that stopped answering until a person solves a
 * CAPTCHA or answers a consent wall, and waiting for that to happen.
 *
 * What a runtime can do about a block: a search made with `interactive` shows the blocked page
 * to a person in a browser window of the same session and goes on once it is solved (headless,
 * that needs a display for a headed Chromium). A search without a person fails with
 * CAPTCHA_REQUIRED or CONSENT_REQUIRED and the engine is paused; the pause is listed here until
 * a person solves the block in an interactive search or the pause runs out. Blocks live in the
 * running process: a one-shot CLI command never sees another process's blocks.
 */
import * as z from 'zod';
import { EngineIdSchema } from './contract';

const BlockKindSchema = z.enum(['captcha', 'consent']);

export const PendingBlockSchema = z.object({
  engine: EngineIdSchema,
  kind: BlockKindSchema,
  /** What the engine showed, as the failed search reported it. */
  message: z.string(),
  /** When the pause ends (epoch ms) and the engine is tried again, solved or not. */
  until: z.number().int(),
});
export type PendingBlock = z.infer<typeof PendingBlockSchema>;

export const CaptchaPendingResponseSchema = z.object({
  blocks: z.array(PendingBlockSchema),
  /** True when this runtime can show a blocked page to a person (a display, or the desktop app). */
  canShowWindow: z.boolean(),
});
export type CaptchaPendingResponse = z.infer<typeof CaptchaPendingResponseSchema>;

const MAX_CAPTCHA_WAIT_MS = 30 * 60_000;

export const CaptchaWaitRequestSchema = z
  .object({
    engine: EngineIdSchema,
    /** How long to wait for the block to end (default one minute). */
    timeoutMs: z.number().int().min(0).max(MAX_CAPTCHA_WAIT_MS).default(60_000),
  })
  .strict();
export type CaptchaWaitRequest = z.input<typeof CaptchaWaitRequestSchema>;

export const CaptchaWaitResponseSchema = z.object({
  engine: EngineIdSchema,
  /**
   * solved: a person solved it, the engine answers again; expired: the pause ran out, the engine
   * will be tried again (the block may still be there); timed-out: still blocked after timeoutMs.
   */
  outcome: z.enum(['solved', 'expired', 'timed-out']),
});
export type CaptchaWaitResponse = z.infer<typeof CaptchaWaitResponseSchema>;

export const CaptchaSolveRequestSchema = z
  .object({
    engine: EngineIdSchema,
  })
  .strict();
export type CaptchaSolveRequest = z.input<typeof CaptchaSolveRequestSchema>;

export const CaptchaSolveResponseSchema = z.object({
  engine: EngineIdSchema,
  /** solved: the engine answers again; the caller repeats what was blocked. */
  outcome: z.literal('solved'),
});
export type CaptchaSolveResponse = z.infer<typeof CaptchaSolveResponseSchema>;
