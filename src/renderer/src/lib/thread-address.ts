/**
 * The screen has an address and a tab title: the thread on screen at `/t/<id>` (pushed to the
 * browser's history when the thread gets its id) with its first question as the title, and the
 * settings at `/settings`, the library at `/library`. Opening an address — a reload, a pasted link, Back and Forward — shows
 * what it names.
 */
import { useEffect } from 'react';
import { LIBRARY_PATH, SETTINGS_PATH, threadIdOfPath, threadPath } from '../../../shared/thread-address';
import { firstQuestionOf, useRun } from '../stores/run-store';
import { useView } from '../stores/view-store';

/** Shows what the address names; an address without a thread leaves the research screen empty. */
function followAddress(): void {
  const { pathname, hash } = window.location;
  const view = useView.getState();
  if (pathname === SETTINGS_PATH) {
    // `#model` and the like: the section to show.
    if (view.screen !== 'settings') view.show('settings', hash.slice(1) || undefined);
    return;
  }
  if (pathname === LIBRARY_PATH) {
    if (view.screen !== 'library') view.show('library');
    return;
  }
  if (view.screen !== 'research') view.show('research');
  const named = threadIdOfPath(pathname);
  const store = useRun.getState();
  if (named === store.threadId) return;
  if (named === undefined) store.clear();
  else void store.open(named);
}

/** The address of what is on screen. */
function addressOf(screen: string, threadId: number | undefined): string {
  if (screen === 'settings') return SETTINGS_PATH;
  if (screen === 'library') return LIBRARY_PATH;
  return threadId === undefined ? '/' : threadPath(threadId);
}

export function useThreadAddress(): void {
  const threadId = useRun((state) => state.threadId);
  const title = useRun(firstQuestionOf);
  const screen = useView((state) => state.screen);

  useEffect(() => {
    followAddress();
    window.addEventListener('popstate', followAddress);
    return () => window.removeEventListener('popstate', followAddress);
  }, []);

  useEffect(() => {
    // The stores, not this render: opening the address above has already named what is shown.
    const wanted = addressOf(useView.getState().screen, useRun.getState().threadId);
    if (wanted === window.location.pathname) return;
    window.history.pushState(null, '', wanted);
  }, [threadId, screen]);

  useEffect(() => {
    document.title =
      screen === 'settings'
        ? 'Settings — Lantern'
        : screen === 'library'
          ? 'Library — Lantern'
          : title
            ? `${title} — Lantern`
            : 'Lantern';
  }, [title, screen]);
}
