import type { Session } from 'electron';
import { LanternError } from '../../../shared/errors';
import { denyAllPermissions } from './permissions';

/** Hosts the hidden window may navigate to besides the engines' own: Google's consent and CAPTCHA pages. */
export const BLOCK_PAGE_HOSTS = ['consent.google.com', 'sorry.google.com', 'www.google.com'];

/** True for an http(s) URL on one of `hosts` (exact host and port match). */
export function isNavigationAllowed(target: string, hosts: readonly string[]): boolean {
  try {
    const { protocol, host } = new URL(target);
    if (protocol !== 'https:' && protocol !== 'http:') return false;
    return hosts.includes(host) || BLOCK_PAGE_HOSTS.includes(host);
  } catch {
    return false;
  }
}

/** A navigation (a redirect, or the page's own) the search window refused: the load it belonged to ends with this. */
export function blockedNavigationError(target: string): LanternError {
  return new LanternError(
    'BLOCKED_URL',
    `The search page went on to ${target}, outside the engines' hosts and Google's consent and CAPTCHA pages, so the search window did not follow it. The engine may be sending you to a regional or sign-in site; try another engine.`,
    { details: { refusedNavigation: target } },
  );
}

export type SessionLike = Pick<
  Session,
  'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setUserAgent' | 'on'
>;

const hardenedSessions = new WeakSet<object>();

/**
 * A partition that loads other people's pages (search, render) asks nothing of the person and
 * keeps nothing they did not ask for: every permission request and check is refused, every
 * download cancelled. Its user agent is the bundled Chromium's as plain Chrome (see
 * browser-identity.ts). Once per session.
 */
export function hardenBrowsingSession(session: SessionLike, userAgent: string): void {
  if (hardenedSessions.has(session)) return;
  hardenedSessions.add(session);
  denyAllPermissions(session);
  session.on('will-download', (event, item) => {
    event.preventDefault();
    item.cancel();
  });
  session.setUserAgent(userAgent);
}
