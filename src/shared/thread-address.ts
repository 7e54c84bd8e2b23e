/**
 * The UI's addresses: a thread's, `/t/<id>`, and the settings screen's, `/settings` — the same
 * paths in web mode (`lantern serve`) and in the desktop app (app://lantern/t/<id>), so the
 * servers of both serve the page for them and the page opens what they name.
 */

const THREAD_PATH = /^\/t\/([1-9]\d{0,15})$/;

export function threadPath(id: number): string {
  return `/t/${id}`;
}

/** The thread id an address names, or undefined for any other path. */
export function threadIdOfPath(pathname: string): number | undefined {
  const match = THREAD_PATH.exec(pathname);
  const id = match ? Number(match[1]) : undefined;
  return id !== undefined && Number.isSafeInteger(id) ? id : undefined;
}

export const SETTINGS_PATH = '/settings';
/** The Library screen's address. */
export const LIBRARY_PATH = '/library';

/** The paths the page itself is served at: the start, a thread, the settings. */
export function isPagePath(pathname: string): boolean {
  return (
    pathname === '/' ||
    pathname === SETTINGS_PATH ||
    pathname === LIBRARY_PATH ||
    threadIdOfPath(pathname) !== undefined
  );
}
