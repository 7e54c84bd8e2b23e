import { useEffect, useRef, useState } from 'react';
import type { FullTextHit } from '../../../shared/history-contract';
import { domainOf } from '../lib/run-view';
import { useHistory } from '../stores/history-store';
import { useReader } from '../stores/reader-store';
import { useRun } from '../stores/run-store';
import { useView } from '../stores/view-store';
import { adviceFor } from '../lib/error-advice';
import { downloadMarkdown } from '../lib/download';
import { fullDateTime, timeAgo } from '../lib/readable-date';
import { DeleteConfirm } from './DeleteConfirm';

/** Snippets mark matches with **…**: shown as <strong>, built as elements (never as HTML). */
function Snippet({ text }: { text: string }): React.JSX.Element {
  return <>{text.split(/\*\*(.+?)\*\*/g).map((part, i) => (i % 2 === 1 ? <strong key={i}>{part}</strong> : part))}</>;
}

/**
 * The history: threads, their search (questions, answers and the pages read), export and delete.
 * Beside the main pane on a wide window; on a narrow one a drawer the top bar's History button
 * opens (`drawerOpen`), closed by Esc, its Close button, or opening what it lists.
 */
export function HistorySidebar({
  drawerOpen,
  onClose,
}: {
  drawerOpen: boolean;
  onClose: () => void;
}): React.JSX.Element {
  const { threads, loaded, error, searchText, hits, searching, refresh, search, remove, exportMarkdown } = useHistory();
  const current = useRun((state) => state.threadId);
  // A failed question is kept in its thread too.
  const lastEnded = useRun((state) =>
    state.run !== undefined && state.run.status !== 'running' ? state.run.id : undefined,
  );
  const showScreen = useView((state) => state.show);
  const [confirming, setConfirming] = useState<number>();
  // "5 minutes ago" stays true: the dates are written again each minute.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const searchBox = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (drawerOpen) searchBox.current?.focus();
  }, [drawerOpen]);

  useEffect(() => {
    void refresh();
  }, [refresh]);
  // A finished question is a new (or longer) thread; leaving the thread on screen ("New", another
  // thread opened) changes none, and asks the server nothing.
  useEffect(() => {
    if (lastEnded !== undefined) void refresh();
  }, [refresh, lastEnded]);

  const openThread = (id: number): void => {
    showScreen('research');
    onClose();
    void useRun.getState().open(id);
  };
  const openPage = (hit: Extract<FullTextHit, { kind: 'page' }>): void => {
    showScreen('research');
    onClose();
    void useReader.getState().open({ url: hit.url, title: hit.title });
  };

  return (
    <nav
      id="history-drawer"
      className={drawerOpen ? 'sidebar drawer-open' : 'sidebar'}
      aria-label="History"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !drawerOpen) return;
        // The drawer is what Esc closes here, not the reader behind it.
        event.stopPropagation();
        onClose();
      }}
    >
      <div className="sidebar-head">
        <h2 className="section-title">History</h2>
        <button
          type="button"
          className="button small"
          onClick={() => {
            useRun.getState().clear();
            showScreen('research');
            onClose();
            document.getElementById('ask-input')?.focus();
          }}
        >
          New
        </button>
        <button type="button" className="button small drawer-close" onClick={onClose}>
          Close history
        </button>
      </div>
      <label htmlFor="history-search" className="visually-hidden">
        Search history
      </label>
      <input
        ref={searchBox}
        id="history-search"
        type="search"
        placeholder="Search history…"
        value={searchText}
        onChange={(event) => void search(event.target.value)}
      />
      {error && (
        <p className="sidebar-error" role="alert">
          {/* The headline in words; the whole story is in the main pane's error box. */}
          History unavailable: {adviceFor(error).headline}
        </p>
      )}
      {hits !== undefined ? (
        <ul className="hits" aria-label="Search results in history" aria-busy={searching}>
          {hits.length === 0 && !searching && (
            <li className="muted">Nothing in your history matches “{searchText}”.</li>
          )}
          {hits.map((hit) =>
            hit.kind === 'turn' ? (
              <li key={`t${hit.turnId}`}>
                <button type="button" className="thread-button" onClick={() => openThread(hit.threadId)}>
                  <span className="thread-title">{hit.threadTitle}</span>
                  <span className="hit-snippet">
                    <Snippet text={hit.snippet} />
                  </span>
                </button>
              </li>
            ) : (
              <li key={`p${hit.url}`}>
                <button type="button" className="thread-button" onClick={() => openPage(hit)}>
                  <span className="thread-title">
                    <span className="visually-hidden">Read page: </span>
                    {hit.title || hit.url}
                  </span>
                  <span className="thread-meta">Page read · {domainOf(hit.finalUrl)}</span>
                  <span className="hit-snippet">
                    <Snippet text={hit.snippet} />
                  </span>
                </button>
              </li>
            ),
          )}
        </ul>
      ) : (
        <ul className="threads" aria-label="Threads">
          {loaded && threads.length === 0 && (
            <li className="muted">No research yet. Your questions and their answers are kept here.</li>
          )}
          {threads.map((thread) => (
            <li key={thread.id} className={current === thread.id ? 'current' : ''}>
              <button
                type="button"
                className="thread-button"
                aria-current={current === thread.id ? 'true' : undefined}
                onClick={() => openThread(thread.id)}
              >
                <span className="thread-title">{thread.title}</span>
                <span className="thread-meta">
                  <time dateTime={new Date(thread.updatedAt).toISOString()} title={fullDateTime(thread.updatedAt)}>
                    {timeAgo(thread.updatedAt, now)}
                  </time>{' '}
                  · {thread.turnCount} {thread.turnCount === 1 ? 'question' : 'questions'}
                </span>
              </button>
              <div className="thread-actions">
                <button
                  type="button"
                  className="icon-button has-tip"
                  aria-label={`Export “${thread.title}” as Markdown`}
                  data-tip="Export as Markdown"
                  onClick={() =>
                    void exportMarkdown(thread.id).then((doc) => downloadMarkdown(doc.title, doc.markdown))
                  }
                >
                  ⤓
                </button>
                <button
                  type="button"
                  className="icon-button has-tip"
                  aria-label={`Delete “${thread.title}”`}
                  data-tip="Delete"
                  aria-expanded={confirming === thread.id}
                  onClick={() => setConfirming(confirming === thread.id ? undefined : thread.id)}
                >
                  ✕
                </button>
              </div>
              {confirming === thread.id && (
                <DeleteConfirm
                  title={thread.title}
                  onDelete={() => void remove(thread.id).then(() => setConfirming(undefined))}
                  onCancel={() => setConfirming(undefined)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
