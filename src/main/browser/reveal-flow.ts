import { LanternError } from '../../shared/errors';
import type { PageSnapshot } from './page-snapshot';

/**
 * The person-in-the-loop flow: when an engine blocks with a CAPTCHA or a consent wall and a
 * person is at hand, show them the same page in the same browser session, wait until the page
 * is results again (or they close the window, or stop interacting for a while), hide it, and
 * hand the results page back to the search that was waiting.
 *
 *   blocked → waiting-for-person → solved | cancelled | timed-out
 *
 * The flow knows nothing of Playwright or Electron: each shell supplies a RevealWindow.
 */
export type RevealState = 'blocked' | 'waiting-for-person' | 'solved' | 'cancelled' | 'timed-out';

export interface RevealWindow {
  /** Shows the blocked page to the person (same session, same cookies). */
  show(): Promise<void>;
  /** Hides or closes the window once the flow is over. */
  hide(): Promise<void>;
  /** The page as it is now. */
  snapshot(): Promise<PageSnapshot>;
  /** Called after every main-frame navigation (a submitted CAPTCHA form, a redirect). */
  onNavigated(listener: () => void): void;
  /** Called on any input: key, click, pointer, scroll, touch. */
  onActivity(listener: () => void): void;
  /** Called when the person closes the window. */
  onClosed(listener: () => void): void;
}

export interface RevealOptions {
  /** True when the page is what the search was waiting for (the engine's classify says results). */
  isSolved: (page: PageSnapshot) => boolean;
  /** No input for this long ends the flow; every interaction starts the wait again. */
  inactivityMs: number;
  signal?: AbortSignal;
  onState?: (state: RevealState) => void;
}

export const DEFAULT_INACTIVITY_MS = 3 * 60_000;

export function runRevealFlow(window: RevealWindow, options: RevealOptions): Promise<PageSnapshot> {
  return new Promise<PageSnapshot>((resolve, reject) => {
    let state: RevealState = 'blocked';
    let inactivity: NodeJS.Timeout | undefined;
    let checking = Promise.resolve();

    const enter = (next: RevealState): void => {
      state = next;
      options.onState?.(next);
    };
    const finish = (next: 'solved' | 'cancelled' | 'timed-out', outcome: () => void): void => {
      if (state !== 'waiting-for-person') return;
      enter(next);
      clearTimeout(inactivity);
      options.signal?.removeEventListener('abort', onAbort);
      void window.hide().finally(outcome);
    };
    const restartInactivity = (): void => {
      clearTimeout(inactivity);
      inactivity = setTimeout(
        () =>
          finish('timed-out', () =>
            reject(
              new LanternError(
                'CAPTCHA_REQUIRED',
                `Nobody interacted with the verification window for ${Math.round(options.inactivityMs / 1000)} s, so Lantern closed it. Search again to get another chance to solve it.`,
                { details: { reason: 'inactivity', inactivityMs: options.inactivityMs } },
              ),
            ),
          ),
        options.inactivityMs,
      );
    };
    const checkSolved = (): void => {
      // One check at a time, in order: navigations can come in bursts.
      checking = checking.then(async () => {
        if (state !== 'waiting-for-person') return;
        let page: PageSnapshot;
        try {
          page = await window.snapshot();
        } catch {
          return; // mid-navigation; the next navigation checks again
        }
        if (options.isSolved(page)) finish('solved', () => resolve(page));
      });
    };
    const onAbort = (): void =>
      finish('cancelled', () =>
        reject(new LanternError('CANCELLED', 'The search was cancelled while waiting for the verification.')),
      );

    window.onActivity(() => {
      if (state === 'waiting-for-person') restartInactivity();
    });
    window.onNavigated(() => {
      if (state !== 'waiting-for-person') return;
      restartInactivity();
      checkSolved();
    });
    window.onClosed(() =>
      finish('cancelled', () =>
        reject(new LanternError('CANCELLED', 'The verification window was closed before the check was solved.')),
      ),
    );
    options.signal?.addEventListener('abort', onAbort, { once: true });

    enter('blocked');
    window.show().then(
      () => {
        enter('waiting-for-person');
        restartInactivity();
        if (options.signal?.aborted) onAbort();
      },
      (error: unknown) =>
        reject(
          error instanceof LanternError
            ? error
            : new LanternError('INTERNAL', `Could not show the verification window: ${String(error)}`),
        ),
    );
  });
}
