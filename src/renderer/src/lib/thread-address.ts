/**
 * The thread on screen has an address and a tab title: `/t/<id>` (pushed to the browser's history
 * when the thread gets its id) and its first question. Opening an address — a reload, a pasted
 * link, Back and Forward — shows the thread it names.
 */
import { useEffect } from 'react';
import { threadIdOfPath, threadPath } from '../../../shared/thread-address';
import { firstQuestionOf, useRun } from '../stores/run-store';

/** Shows the thread the address names; an address without one leaves the screen empty. */
function followAddress(): void {
  const named = threadIdOfPath(window.location.pathname);
  const store = useRun.getState();
  if (named === store.threadId) return;
  if (named === undefined) store.clear();
  else void store.open(named);
}

export function useThreadAddress(): void {
  const threadId = useRun((state) => state.threadId);
  const title = useRun(firstQuestionOf);

  useEffect(() => {
    followAddress();
    window.addEventListener('popstate', followAddress);
    return () => window.removeEventListener('popstate', followAddress);
  }, []);

  useEffect(() => {
    // The store, not this render: opening the address above has already named the thread.
    const current = useRun.getState().threadId;
    const shown = threadIdOfPath(window.location.pathname);
    if (current === shown) return;
    window.history.pushState(null, '', current === undefined ? '/' : threadPath(current));
  }, [threadId]);

  useEffect(() => {
    document.title = title ? `${title} — Lantern` : 'Lantern';
  }, [title]);
}
