/** captcha.* over the search service's real engine suspensions (in-memory, no browser needed). */
import { describe, expect, it } from 'vitest';
import { CaptchaService } from '../../src/main/captcha/captcha-service';
import { EngineSuspensions, SUSPENSION_MS } from '../../src/main/search/suspension';
import { errorOf } from '../support/error-of';

/** With `now`, the suspensions and the service read that clock instead of the machine's. */
function setup(now?: () => number): { suspensions: EngineSuspensions; captcha: CaptchaService } {
  const suspensions = new EngineSuspensions(now);
  return {
    suspensions,
    captcha: new CaptchaService({ suspensions, canShowWindow: () => false, ...(now ? { now } : {}) }),
  };
}

describe('captcha.pending', () => {
  it('lists engines paused by a CAPTCHA or consent wall, not by other blocks', async () => {
    const { suspensions, captcha } = setup();
    expect(await captcha.pending()).toEqual({ blocks: [], canShowWindow: false });
    suspensions.suspend(
      'google',
      SUSPENSION_MS.captcha,
      'CAPTCHA_REQUIRED',
      'Google wants a person to solve a CAPTCHA',
    );
    suspensions.suspend('bing', SUSPENSION_MS.captcha, 'CONSENT_REQUIRED', 'Bing asks for consent');
    suspensions.suspend('brave', SUSPENSION_MS.tooManyRequests, 'ENGINE_BLOCKED', 'HTTP 429');
    const { blocks } = await captcha.pending();
    expect(blocks.map(({ engine, kind, message }) => ({ engine, kind, message }))).toEqual([
      { engine: 'google', kind: 'captcha', message: 'Google wants a person to solve a CAPTCHA' },
      { engine: 'bing', kind: 'consent', message: 'Bing asks for consent' },
    ]);
    expect(blocks[0]!.until).toBe(suspensions.get('google')!.until);
  });
});

describe('captcha.wait', () => {
  it('resolves solved when a person solves the block (the suspension is lifted)', async () => {
    const { suspensions, captcha } = setup();
    suspensions.suspend('google', SUSPENSION_MS.captcha, 'CAPTCHA_REQUIRED', 'captcha');
    const waiting = captcha.wait({ engine: 'google', timeoutMs: 10_000 });
    suspensions.lift('bing');
    suspensions.lift('google');
    expect(await waiting).toEqual({ engine: 'google', outcome: 'solved' });
    expect((await captcha.pending()).blocks).toEqual([]);
  });

  it('resolves expired when the pause ends first, timed-out when the wait does', async () => {
    // A clock that stands still: a 20 ms pause is still on when the wait starts, however busy the
    // machine (the wait's own timer is the one that runs the 20 ms).
    const { suspensions, captcha } = setup(() => 1_000_000);
    suspensions.suspend('google', 20, 'CAPTCHA_REQUIRED', 'captcha');
    expect(await captcha.wait({ engine: 'google', timeoutMs: 10_000 })).toEqual({
      engine: 'google',
      outcome: 'expired',
    });
    suspensions.suspend('google', SUSPENSION_MS.captcha, 'CAPTCHA_REQUIRED', 'captcha');
    expect(await captcha.wait({ engine: 'google', timeoutMs: 20 })).toEqual({ engine: 'google', outcome: 'timed-out' });
  });

  it('NOT_FOUND without a block, INVALID_INPUT for a bad request, CANCELLED on abort', async () => {
    const { suspensions, captcha } = setup();
    expect((await errorOf(captcha.wait({ engine: 'google' }))).code).toBe('NOT_FOUND');
    suspensions.suspend('brave', SUSPENSION_MS.tooManyRequests, 'ENGINE_BLOCKED', 'HTTP 429');
    expect((await errorOf(captcha.wait({ engine: 'brave' }))).code).toBe('NOT_FOUND');
    expect((await errorOf(captcha.wait({ engine: 'altavista' as 'google' }))).code).toBe('INVALID_INPUT');
    suspensions.suspend('google', SUSPENSION_MS.captcha, 'CAPTCHA_REQUIRED', 'captcha');
    const controller = new AbortController();
    const waiting = captcha.wait({ engine: 'google', timeoutMs: 10_000 }, { signal: controller.signal });
    controller.abort();
    expect((await errorOf(waiting)).code).toBe('CANCELLED');
  });
});
