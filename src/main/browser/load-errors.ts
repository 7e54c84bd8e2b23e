import { LanternError } from '../../shared/errors';
import type { ReadinessSeen, ReadySelectors } from './ready-signal';

/** What a page load was doing when it ran out of time, named in the TIMEOUT message. */
export type LoadStage = 'launching the browser' | 'waiting for the page to respond' | 'waiting for the page to settle';

export function timeoutError(url: string, timeoutMs: number, stage: LoadStage): LanternError {
  return new LanternError(
    'TIMEOUT',
    `${originOf(url)} did not finish within ${timeoutMs} ms (stage: ${stage}). Try again, or raise the timeout.`,
    { details: { timeoutMs, stage } },
  );
}

/**
 * A TIMEOUT while starting the browser, under the launch's own limit (not the page's budget,
 * which starts once the browser is ready).
 */
export function launchTimeoutError(url: string, launchTimeoutMs: number): LanternError {
  const stage: LoadStage = 'launching the browser';
  return new LanternError(
    'TIMEOUT',
    `The browser did not start within its ${launchTimeoutMs} ms launch limit (stage: ${stage}) to load ${originOf(url)}. The machine may be too busy: try again, or close other programs.`,
    { details: { timeoutMs: launchTimeoutMs, launchTimeoutMs, stage } },
  );
}

/** A TIMEOUT while waiting for readiness: what the wait was for, and what the page had by then. */
export function settleTimeoutError(
  url: string,
  timeoutMs: number,
  awaited: ReadySelectors,
  seen: ReadinessSeen | undefined,
): LanternError {
  const stage: LoadStage = 'waiting for the page to settle';
  const complete = awaited.completeSelectors ?? [];
  const waitingFor = [
    ...(complete.length > 0 ? [`the parser to pass the end of ${complete.join(' or ')}`] : []),
    `${awaited.readySelectors.join(' or ')} in a fully parsed page`,
  ].join(', or for ');
  const had =
    seen === undefined
      ? 'the page did not answer when asked what it had'
      : `the page was ${seen.readyState === 'loading' ? 'still being parsed' : `parsed (${seen.readyState})`}, with ${
          seen.present.length > 0 ? `${seen.present.join(', ')} present` : 'none of them present'
        }${seen.open.length > 0 ? ` (${seen.open.join(', ')} not yet complete)` : ''}`;
  return new LanternError(
    'TIMEOUT',
    `${originOf(url)} did not finish within ${timeoutMs} ms (stage: ${stage}). Lantern was waiting for ${waitingFor}; ${had}. Try again, or raise the timeout; if it keeps happening, the page's layout may have changed.`,
    {
      details: { timeoutMs, stage, waitingFor: { complete, ready: awaited.readySelectors }, ...(seen ? { seen } : {}) },
    },
  );
}

/** Any failure of a load as a LanternError: a network error, a closed or crashed page, or something else. */
export function toLoadError(error: unknown, url: string): LanternError {
  if (error instanceof LanternError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const netError = /net::(ERR_[A-Z_]+)/.exec(message)?.[1];
  if (netError) {
    return new LanternError(
      'ENGINE_UNREACHABLE',
      `${originOf(url)} could not be reached (${netError}). Check the network connection or the engine's address.`,
      { details: { netError } },
    );
  }
  if (/crash|Target (page, context or browser )?closed|has been closed|detached|destroyed/i.test(message)) {
    return new LanternError(
      'ENGINE_UNREACHABLE',
      `The browser page closed unexpectedly while loading ${originOf(url)} (${firstLine(message)}). The next search starts a fresh page.`,
    );
  }
  return new LanternError('INTERNAL', `The browser failed while loading ${originOf(url)}: ${firstLine(message)}`);
}

export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'the page';
  }
}

export function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}
