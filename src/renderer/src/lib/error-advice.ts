/**
 * What a failure means to the person, in their words: a headline, what happened and what to do,
 * and which ways out the screen offers as buttons. The core's own message (written for every
 * door: it names error codes and CLI flags) is kept for the "Details" disclosure only.
 */
import type { EngineId, ErrorInfo } from '../../../shared/contract';
import { ENGINE_IDS } from '../../../shared/search-options';

export const ENGINE_NAMES: Record<EngineId, string> = {
  google: 'Google',
  bing: 'Bing',
  duckduckgo: 'DuckDuckGo',
  baidu: 'Baidu',
  brave: 'Brave',
};

export function engineName(engine: string): string {
  return ENGINE_NAMES[engine as EngineId] ?? engine;
}

/** The ways out an error may offer; the screen showing it decides which it can carry out. */
export type ErrorAction = 'retry' | 'allow-private' | 'other-engine' | 'other-engines' | 'any-time';

export interface Advice {
  headline: string;
  body: string;
  /** A failure (red), or an outcome that is nobody's fault (neutral), such as nothing found. */
  tone: 'error' | 'note';
  actions: ErrorAction[];
  /** Per-page reasons, one line per distinct reason (never the same one repeated per page). */
  groups?: string[];
}

/** Why the web UI's client failed, as it marks it (client/http-client.ts). */
const SERVER_UNREACHABLE = 'server-unreachable';

const reasonOf = (error: ErrorInfo): unknown => error.details?.['reason'];

/** The engine a block or pause is about, when the core named it. */
export function blockedEngine(error: ErrorInfo): EngineId | undefined {
  const engine = error.details?.['engine'];
  return typeof engine === 'string' && (ENGINE_IDS as readonly string[]).includes(engine)
    ? (engine as EngineId)
    : undefined;
}

/** When the engine's pause ends (epoch ms), when the core said. */
export function pausedUntil(error: ErrorInfo): number | undefined {
  const until = error.details?.['pausedUntil'];
  return typeof until === 'number' ? until : undefined;
}

/** "07:42" today, or the date too when the pause ends another day. */
export function clockTime(epochMs: number, now = Date.now()): string {
  const at = new Date(epochMs);
  const time = at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  return at.toDateString() === new Date(now).toDateString() ? time : `${at.toLocaleDateString()} ${time}`;
}

/**
 * The engine to ask instead of the paused ones: the next of the configured order that is not
 * paused, else the first other engine Lantern has (a person with Google alone configured still
 * has the others at hand).
 */
export function nextEngine(paused: readonly EngineId[], configured: readonly EngineId[] = []): EngineId | undefined {
  const candidates = [...configured, ...ENGINE_IDS];
  return candidates.find((engine) => !paused.includes(engine));
}

interface FailedPage {
  url: string;
  code: string;
  range?: string | undefined;
  setting?: string | undefined;
}

function failedPages(error: ErrorInfo): FailedPage[] {
  const pages = error.details?.['pages'];
  if (!Array.isArray(pages)) return [];
  return pages.flatMap((page: unknown): FailedPage[] => {
    if (typeof page !== 'object' || page === null) return [];
    const { url, code, details } = page as { url?: unknown; code?: unknown; details?: Record<string, unknown> };
    if (typeof url !== 'string' || typeof code !== 'string') return [];
    const range = details?.['range'];
    const setting = details?.['setting'];
    return [
      {
        url,
        code,
        ...(typeof range === 'string' ? { range } : {}),
        ...(typeof setting === 'string' ? { setting } : {}),
      },
    ];
  });
}

const PAGE_REASONS: Record<string, string> = {
  BLOCKED_URL: 'on this machine or a private network',
  TIMEOUT: 'too slow to answer',
  FETCH_FAILED: 'could not be loaded',
  UNSUPPORTED_CONTENT: 'not a kind of file Lantern reads',
  TOO_LARGE: 'too large',
};

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** "6 pages on 127.0.0.1:41234 — on this machine or a private network": one line per reason. */
function groupPages(pages: FailedPage[]): string[] {
  const groups = new Map<string, FailedPage[]>();
  for (const page of pages) {
    const reason =
      page.code === 'BLOCKED_URL' && !page.setting
        ? 'at an address Lantern never reads'
        : (PAGE_REASONS[page.code] ?? 'could not be read');
    groups.set(reason, [...(groups.get(reason) ?? []), page]);
  }
  return [...groups].map(([reason, list]) => {
    const hosts = [...new Set(list.map((page) => hostOf(page.url)))];
    const shown = hosts.length > 3 ? `${hosts.slice(0, 3).join(', ')} and ${hosts.length - 3} more` : hosts.join(', ');
    return `${list.length} ${list.length === 1 ? 'page' : 'pages'} ${reason} (${shown})`;
  });
}

const GENERAL: Partial<Record<ErrorInfo['code'], { headline: string; body: string }>> = {
  CAPTCHA_REQUIRED: {
    headline: 'The search engine wants to confirm you are human',
    body: 'It shows a check (a CAPTCHA) before it answers more searches.',
  },
  CONSENT_REQUIRED: {
    headline: 'The search engine asks for a cookie choice first',
    body: 'It shows a cookie banner before its results.',
  },
  ENGINE_UNREACHABLE: {
    headline: 'The search engine could not be reached',
    body: 'It did not answer, or answered with an error page. Try again in a moment, or ask another engine.',
  },
  ENGINE_LAYOUT_CHANGED: {
    headline: 'The results page looks different than Lantern expects',
    body: 'Lantern could not find the results on it. Ask another engine meanwhile.',
  },
  TIMEOUT: {
    headline: 'That took too long',
    body: 'Lantern stopped waiting. Try again; a slow engine or page is often quicker the second time.',
  },
  RATE_LIMITED: {
    headline: 'Too many searches at once',
    body: 'Wait for the searches under way to finish, then try again.',
  },
  BROWSER_NOT_FOUND: {
    headline: 'No Chrome or Chromium found',
    body: 'Lantern searches in a real browser and found none on this machine. Install Chrome or Chromium, then try again.',
  },
  BLOCKED_URL: { headline: 'That address is not allowed', body: 'Lantern does not read pages at this address.' },
  FETCH_FAILED: { headline: 'The page could not be read', body: 'Loading it failed. Try again, or open the original.' },
  UNSUPPORTED_CONTENT: { headline: 'Lantern cannot read this kind of file', body: 'Open the original to see it.' },
  TOO_LARGE: {
    headline: 'The page is too large',
    body: 'Lantern reads pages up to a size limit. Open the original to see it.',
  },
  NOT_FOUND: { headline: 'Not found', body: 'It is no longer there; it may have been deleted.' },
  LLM_FAILED: { headline: 'The model did not answer', body: 'Check the model and its key in Settings, or try again.' },
  FORBIDDEN: {
    headline: 'Lantern refused this request',
    body: 'It did not come from this page as Lantern expects. Reload the page and try again.',
  },
  INVALID_INPUT: { headline: 'Lantern cannot use that input', body: 'Change it and try again.' },
  CANCELLED: { headline: 'Stopped', body: 'You stopped it.' },
  INTERNAL: {
    headline: 'Something went wrong inside Lantern',
    body: 'Try again; if it happens again, the details below say what failed.',
  },
};

/** What the failure means and what the screen can offer for it. */
export function adviceFor(error: ErrorInfo): Advice {
  const engine = blockedEngine(error);
  const name = engine ? engineName(engine) : 'The search engine';
  const until = pausedUntil(error);
  if (error.code === 'UNAUTHORIZED') {
    return {
      headline: 'Sign in again',
      body: 'This browser’s sign-in to Lantern has ended: Lantern was restarted, or the sign-in expired. Open Lantern again the way you started it — npm start or the Lantern app opens a window that is signed in; a server you started yourself prints a new sign-in link (each link works once).',
      tone: 'error',
      actions: ['retry'],
    };
  }
  if (error.code === 'INTERNAL' && reasonOf(error) === SERVER_UNREACHABLE) {
    return {
      headline: 'Lantern is not running',
      body: 'This page cannot reach Lantern: it was stopped or has crashed. Start it again (npm start, the Lantern app, or the server you ran), then open the new sign-in link it gives you.',
      tone: 'error',
      actions: ['retry'],
    };
  }
  if (error.code === 'NOT_FOUND' && reasonOf(error) === 'no-results') {
    return {
      headline: 'Nothing found',
      body: 'The search found no pages for this question. Try other words, another engine, or any date.',
      tone: 'note',
      actions: ['other-engines', 'any-time'],
    };
  }
  const pages = failedPages(error);
  if (pages.length > 0) {
    const allPrivate = pages.every((page) => page.setting === 'fetch.allowPrivateNetworks');
    return {
      headline: allPrivate ? 'These pages are on this machine or a private network' : 'None of the pages could be read',
      body: allPrivate
        ? 'Lantern does not read pages at local addresses (such as localhost or 192.168.…) unless you allow it, so that a web page or an agent cannot make it reach your router or other local services.'
        : 'There is nothing to answer from.',
      tone: 'error',
      actions: pages.some((page) => page.setting === 'fetch.allowPrivateNetworks') ? ['allow-private'] : ['retry'],
      groups: groupPages(pages),
    };
  }
  if (error.code === 'BLOCKED_URL' && error.details?.['setting'] === 'fetch.allowPrivateNetworks') {
    return {
      headline: 'This page is on this machine or a private network',
      body: 'Lantern does not read pages at local addresses unless you allow it.',
      tone: 'error',
      actions: ['allow-private'],
    };
  }
  if (error.code === 'ENGINE_BLOCKED') {
    const blockedBy = error.details?.['blockedBy'];
    const why =
      blockedBy === 'CAPTCHA_REQUIRED'
        ? 'it asked to confirm you are human'
        : blockedBy === 'CONSENT_REQUIRED'
          ? 'it asked for a cookie choice'
          : 'it refused searches';
    return {
      headline: until ? `${name} is paused until ${clockTime(until)}` : `${name} is paused for now`,
      body: `Earlier ${why}, so Lantern leaves ${engine ? name : 'it'} alone for a while rather than provoke it again. Ask another engine now.`,
      tone: 'error',
      actions: ['other-engine', 'retry'],
    };
  }
  if (error.code === 'CAPTCHA_REQUIRED' || error.code === 'CONSENT_REQUIRED') {
    const general = GENERAL[error.code]!;
    return {
      headline: general.headline.replace('The search engine', name),
      body: until
        ? `${general.body} Lantern leaves ${name} alone until ${clockTime(until)} unless the check is solved.`
        : general.body,
      tone: 'error',
      actions: ['other-engine', 'retry'],
    };
  }
  const general = GENERAL[error.code] ?? { headline: 'Something went wrong', body: 'Try again.' };
  const engineFailed = error.code === 'ENGINE_UNREACHABLE' || error.code === 'ENGINE_LAYOUT_CHANGED';
  return { ...general, tone: 'error', actions: engineFailed ? ['retry', 'other-engine'] : ['retry'] };
}
