import { useEffect, useState } from 'react';
import { useHistory } from '../stores/history-store';
import { useRun } from '../stores/run-store';
import { useView } from '../stores/view-store';

function download(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/markdown;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const fileName = (title: string): string => `${title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').slice(0, 60) || 'lantern-thread'}.md`;

/** Snippets mark matches with **…**: shown as <strong>, built as elements (never as HTML). */
function Snippet({ text }: { text: string }): React.JSX.Element {
  return <>{text.split(/\*\*(.+?)\*\*/g).map((part, i) => (i % 2 === 1 ? <strong key={i}>{part}</strong> : part))}</>;
}

export function HistorySidebar(): React.JSX.Element {
  const { threads, loaded, error, searchText, hits, searching, refresh, search, remove, exportMarkdown } = useHistory();
  const current = useRun((state) => state.threadId);
  // A failed question is kept in its thread too.
  const lastEnded = useRun((state) => (state.run !== undefined && state.run.status !== 'running' ? state.run.id : undefined));
  const showScreen = useView((state) => state.show);
  const [confirming, setConfirming] = useState<number>();

  // A finished question is a new (or longer) thread.
  useEffect(() => {
    void refresh();
  }, [refresh, lastEnded]);

  const openThread = (id: number): void => {
    showScreen('research');
    void useRun.getState().open(id);
  };

  return (
    <nav className="sidebar" aria-label="History">
      <div className="sidebar-head">
        <h2 className="section-title">History</h2>
        <button
          type="button"
          className="button small"
          onClick={() => {
            useRun.getState().clear();
            showScreen('research');
            document.getElementById('ask-input')?.focus();
          }}
        >
          New
        </button>
      </div>
      <label htmlFor="history-search" className="visually-hidden">
        Search history
      </label>
      <input id="history-search" type="search" placeholder="Search history…" value={searchText} onChange={(event) => void search(event.target.value)} />
      {error && (
        <p className="sidebar-error" role="alert">
          {error.message}
        </p>
      )}
      {hits !== undefined ? (
        <ul className="hits" aria-label="Search results in history" aria-busy={searching}>
          {hits.length === 0 && !searching && <li className="muted">Nothing in your history matches “{searchText}”.</li>}
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
              <li key={`p${hit.url}`} className="muted">
                {hit.title}
              </li>
            ),
          )}
        </ul>
      ) : (
        <ul className="threads" aria-label="Threads">
          {loaded && threads.length === 0 && <li className="muted">No research yet. Your questions and their answers are kept here.</li>}
          {threads.map((thread) => (
            <li key={thread.id} className={current === thread.id ? 'current' : ''}>
              <button type="button" className="thread-button" aria-current={current === thread.id ? 'true' : undefined} onClick={() => openThread(thread.id)}>
                <span className="thread-title">{thread.title}</span>
                <span className="thread-meta">
                  {new Date(thread.updatedAt).toLocaleDateString()} · {thread.turnCount} {thread.turnCount === 1 ? 'question' : 'questions'}
                </span>
              </button>
              <div className="thread-actions">
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Export “${thread.title}” as Markdown`}
                  onClick={() => void exportMarkdown(thread.id).then((doc) => download(fileName(doc.title), doc.markdown))}
                >
                  ⤓
                </button>
                {confirming === thread.id ? (
                  <button type="button" className="icon-button danger" aria-label={`Confirm deleting “${thread.title}”`} onClick={() => void remove(thread.id).then(() => setConfirming(undefined))}>
                    Delete?
                  </button>
                ) : (
                  <button type="button" className="icon-button" aria-label={`Delete “${thread.title}”`} onClick={() => setConfirming(thread.id)}>
                    ✕
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
