/**
 * The Library screen: the person's own files, added by path (typed, pasted, or dropped where the
 * app is told a dropped file's place on disk) with progress and a way to stop, listed and filtered
 * by type, searched passage by passage, removed and re-indexed. Every call goes through the one
 * client (the operations table's library.*); document text is shown as text, never as HTML.
 */
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { toErrorInfo } from '../../../shared/errors';
import type { ErrorInfo } from '../../../shared/contract';
import type {
  LibraryAddResponse,
  LibraryEvent,
  LibraryListResponse,
  LibrarySearchResponse,
  LibraryType,
} from '../../../shared/library-contract';
import { client, pathsOfFiles } from '../client';
import { useView } from '../stores/view-store';
import { ErrorBox } from './ErrorBox';
import './library.css';
import { plural } from '../../../shared/format/plural';

// Types only from the contract: its zod schemas stay out of the renderer's bundle.
const TYPE_NAMES: Record<LibraryType, string> = {
  pdf: 'PDF',
  docx: 'Word',
  epub: 'EPUB',
  markdown: 'Markdown',
  html: 'HTML',
  text: 'Text',
};
const LIBRARY_TYPES = Object.keys(TYPE_NAMES) as LibraryType[];

type Progress = { done: number; total: number; current: string };

/** A snippet's matches (between ** marks) as <mark>, the rest as text. */
/** What one sending may carry (library-contract's MAX_IMPORT_BYTES, without its schema module). */
const MAX_SEND_BYTES = 50 * 1024 * 1024;

/** A file as library.import takes it: its name and its bytes in base64. */
function asSent(file: File): Promise<{ name: string; data: string }> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ name: file.name, data: String(reader.result).replace(/^data:[^,]*,/, '') });
    reader.onerror = () => reject(reader.error ?? new Error(`${file.name} could not be read`));
    reader.readAsDataURL(file);
  });
}

function Snippet({ text }: { text: string }): React.JSX.Element {
  // A section's own heading line is shown above it already: its Markdown markers are left out.
  const parts = text.replace(/(^|\s)#{1,6}\s/g, '$1').split('**');
  return <>{parts.map((part, i) => (i % 2 === 1 ? <mark key={i}>{part}</mark> : <span key={i}>{part}</span>))}</>;
}

export function LibraryScreen(): React.JSX.Element {
  const [list, setList] = useState<LibraryListResponse>();
  const [type, setType] = useState<LibraryType | ''>('');
  const [error, setError] = useState<ErrorInfo>();
  const [paths, setPaths] = useState('');
  const [watch, setWatch] = useState(false);
  const [progress, setProgress] = useState<Progress>();
  const [report, setReport] = useState<{ what: string; response: LibraryAddResponse }>();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<LibrarySearchResponse>();
  const [dropNote, setDropNote] = useState<string>();
  const running = useRef<AbortController | undefined>(undefined);

  const load = async (): Promise<void> => {
    try {
      setList(await client.library.list(type === '' ? {} : { type }));
    } catch (caught) {
      setError(toErrorInfo(caught));
    }
  };
  useEffect(() => {
    void load();
  }, [type]);
  useEffect(() => () => running.current?.abort(), []);

  const onEvent = (event: unknown): void => {
    const step = event as LibraryEvent;
    if (step.type === 'progress') setProgress({ done: step.done, total: step.total, current: step.current });
  };

  const indexing = async (what: string, call: (signal: AbortSignal) => Promise<LibraryAddResponse>): Promise<void> => {
    const controller = new AbortController();
    running.current = controller;
    setError(undefined);
    setReport(undefined);
    setProgress({ done: 0, total: 0, current: '' });
    try {
      setReport({ what, response: await call(controller.signal) });
    } catch (caught) {
      const info = toErrorInfo(caught);
      setError(
        info.code === 'CANCELLED' ? { ...info, message: 'Stopped: the files read so far stay in the library.' } : info,
      );
    } finally {
      running.current = undefined;
      setProgress(undefined);
      await load();
    }
  };

  const add = (list: string[]): void => {
    const wanted = list.map((path) => path.trim()).filter((path) => path !== '');
    if (wanted.length === 0) return;
    void indexing('Added', (signal) =>
      client.library.add({ paths: wanted, ...(watch ? { watch: true } : {}) }, { signal, onEvent }),
    );
  };
  const submitAdd = (event: FormEvent): void => {
    event.preventDefault();
    add(paths.split('\n'));
  };
  const reindex = (): void => void indexing('Re-indexed', (signal) => client.library.reindex({}, { signal, onEvent }));

  const search = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (query.trim() === '') return setFound(undefined);
    try {
      setFound(await client.library.search({ query, ...(type === '' ? {} : { type }) }));
    } catch (caught) {
      setError(toErrorInfo(caught));
    }
  };

  const unwatch = async (path: string): Promise<void> => {
    try {
      setError(undefined);
      await client.library.unwatch({ path });
      await load();
    } catch (caught) {
      setError(toErrorInfo(caught));
    }
  };

  const remove = async (id: number): Promise<void> => {
    try {
      await client.library.remove({ ids: [id] });
      setFound((current) => current && { ...current, passages: current.passages.filter((p) => p.documentId !== id) });
      await load();
    } catch (caught) {
      setError(toErrorInfo(caught));
    }
  };

  // Files dropped on any screen (App.tsx) are added here: by path in the desktop app; a browser,
  // which never says where a file is, sends the files themselves.
  const dropped = useView((view) => view.dropped);
  useEffect(() => {
    const taken = dropped === undefined ? undefined : useView.getState().takeDropped();
    if (taken === undefined) return;
    if (taken.paths.length > 0) add(taken.paths);
    else send(taken.files, taken.folders);
  }, [dropped]);

  /**
   * Files without a path (a browser's drop or picker): their bytes go to the library, which keeps
   * a copy and lists any it cannot read (an empty one, say) with why. A folder cannot be sent.
   */
  const send = (files: File[], folders = 0): void => {
    setDropNote(
      folders === 0
        ? undefined
        : `${folders === 1 ? 'A folder' : `${folders} folders`} cannot be sent from a browser: drop the files in it, or type the folder’s path above.`,
    );
    if (files.length === 0) return;
    const total = files.reduce((sum, file) => sum + file.size, 0);
    if (total > MAX_SEND_BYTES) {
      setDropNote(
        `These files are larger than ${MAX_SEND_BYTES / 1024 / 1024} MB together: add fewer at once, or type their folder’s path above.`,
      );
      return;
    }
    void indexing('Added', async (signal) =>
      client.library.import({ files: await Promise.all(files.map(asSent)) }, { signal, onEvent }),
    );
  };

  // The desktop app's file inputs open the system's own chooser; the preload says where the files are.
  const picked = (event: ChangeEvent<HTMLInputElement>): void => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    if (pathsOfFiles) add(pathsOfFiles(files));
    else send(files);
  };
  // A folder input gives the files in it, each with its path below the folder: the folder is added (and watched) whole.
  const pickedFolder = (event: ChangeEvent<HTMLInputElement>): void => {
    const first = event.target.files?.[0];
    event.target.value = '';
    const path = first && pathsOfFiles?.([first])[0];
    if (!first || !path || !first.webkitRelativePath) return;
    const top = first.webkitRelativePath.split('/')[0] ?? '';
    add([path.slice(0, path.length - first.webkitRelativePath.length) + top]);
  };

  const empty = list !== undefined && list.total === 0 && type === '' && list.unreadable.length === 0;
  return (
    <div className="library">
      <h1>Library</h1>
      <p className="hint">
        Your own files, searched and cited like the web: ask with the scope “Library” or “Both”. Lantern only reads
        them, never changes them, and keeps its index on this computer.
      </p>
      {error && <ErrorBox error={error} />}

      <form className="library-add" onSubmit={submitAdd} aria-label="Add to the library">
        <div className="field-row">
          <label className="grow">
            Files or folders (one path a line)
            <textarea
              rows={2}
              value={paths}
              onChange={(event) => setPaths(event.target.value)}
              placeholder="/home/you/Documents/papers"
              spellCheck={false}
            />
          </label>
          <button type="submit" className="button primary" disabled={progress !== undefined || paths.trim() === ''}>
            Add
          </button>
        </div>
        <div className="field-row library-pick">
          <label className="button">
            Choose files…
            <input
              type="file"
              multiple
              className="visually-hidden"
              accept=".pdf,.docx,.epub,.md,.markdown,.txt,.html,.htm"
              disabled={progress !== undefined}
              onChange={picked}
            />
          </label>
          {pathsOfFiles && (
            <label className="button">
              Choose a folder…
              <input
                type="file"
                className="visually-hidden"
                disabled={progress !== undefined}
                onChange={pickedFolder}
                {...{ webkitdirectory: '' }}
              />
            </label>
          )}
        </div>
        <label className="check">
          <input type="checkbox" checked={watch} onChange={(event) => setWatch(event.target.checked)} /> Keep the
          folders in step whenever Lantern runs (files added, edited, removed; changes made while it was closed are read
          when it starts)
        </label>
        <p className="hint">
          PDF, Word (.docx), EPUB, Markdown, HTML and text files; a folder adds every one of them in it. You can also
          drop files or folders anywhere in Lantern.
        </p>
        {dropNote && (
          <p className="note" role="status">
            {dropNote}
          </p>
        )}
      </form>

      {progress && (
        <div className="library-progress" role="status" aria-live="polite">
          <progress max={Math.max(progress.total, 1)} value={progress.done} aria-label="Files read" />
          <span className="current">
            {progress.total === 0
              ? 'Looking for files…'
              : `Reading ${Math.min(progress.done + 1, progress.total)} of ${progress.total}${progress.current ? `: ${progress.current}` : ''}`}
          </span>
          <button type="button" className="button small" onClick={() => running.current?.abort()}>
            Stop
          </button>
        </div>
      )}

      {report && (
        <div className="note library-report" role="status">
          <p>
            {report.what}: {plural(report.response.indexed.length, 'file')} indexed, {report.response.unchanged}{' '}
            unchanged
            {report.response.removed.length > 0 ? `, ${report.response.removed.length} removed` : ''}. The library holds{' '}
            {plural(report.response.documents, 'document')}.
          </p>
          {report.response.unreadable.length > 0 && (
            <>
              <p>Could not read {report.response.unreadable.length}:</p>
              <ul className="unreadable">
                {report.response.unreadable.map((file) => (
                  <li key={file.path}>
                    <span className="path">{file.path}</span> — {file.reason}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}

      {list && list.watching.length > 0 && (
        <section aria-label="Watched folders" className="library-watching">
          <h2>Watched folders</h2>
          <p className="hint">Kept in step whenever Lantern runs.</p>
          <ul>
            {list.watching.map((folder) => (
              <li key={folder}>
                <span className="path grow">{folder}</span>
                <button
                  type="button"
                  className="button small"
                  aria-label={`Stop watching ${folder}`}
                  onClick={() => void unwatch(folder)}
                >
                  Stop watching
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      {empty ? (
        <section className="library-empty" aria-label="Empty library">
          <h2>Your library is empty</h2>
          <p>
            Type the path of a folder of your documents above and press Add: Lantern reads each file, page by page, and
            then answers from them next to the web, citing the document and page.
          </p>
        </section>
      ) : (
        <>
          <div className="library-tools">
            <form className="library-search" role="search" onSubmit={(event) => void search(event)}>
              <label className="grow">
                Search the library
                <input type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
              </label>
              <button type="submit" className="button">
                Search
              </button>
            </form>
            <label>
              Type
              <select value={type} onChange={(event) => setType(event.target.value as LibraryType | '')}>
                <option value="">All types</option>
                {LIBRARY_TYPES.map((kind) => (
                  <option key={kind} value={kind}>
                    {TYPE_NAMES[kind]}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className="button" disabled={progress !== undefined} onClick={reindex}>
              Re-index
            </button>
          </div>

          {found && (
            <section aria-label="Passages found" className="library-passages">
              <h2>
                {found.passages.length === 0
                  ? `Nothing matches “${found.query}”`
                  : `${plural(found.passages.length, 'passage')} for “${found.query}”`}
              </h2>
              <ol>
                {found.passages.map((passage) => (
                  <li key={`${passage.documentId}-${passage.n}`}>
                    <div className="title">
                      {passage.title}
                      <span className="place">
                        {passage.page !== undefined
                          ? ` · page ${passage.page}`
                          : passage.heading
                            ? ` · ${passage.heading}`
                            : ''}
                      </span>
                    </div>
                    <div className="path">{passage.path}</div>
                    <p className="snippet">
                      <Snippet text={passage.snippet} />
                    </p>
                  </li>
                ))}
              </ol>
            </section>
          )}

          <section aria-label="Documents" className="library-documents">
            <h2>
              {plural(list?.total ?? 0, 'document')}
              {type === '' ? '' : ` (${TYPE_NAMES[type]})`}
            </h2>
            <ul>
              {list?.documents.map((document) => (
                <li key={document.id}>
                  <span className={`kind kind-${document.origin ? 'web' : document.type}`}>
                    {document.origin ? 'Web page' : TYPE_NAMES[document.type]}
                  </span>
                  <div className="grow">
                    <div className="title">{document.title}</div>
                    <div className="path">
                      {document.origin ? `Saved from ${document.origin}` : document.path}
                      {document.pages !== undefined ? ` · ${plural(document.pages, 'page')}` : ''}
                    </div>
                  </div>
                  <button
                    type="button"
                    className="button small"
                    aria-label={`Remove ${document.title} from the library`}
                    onClick={() => void remove(document.id)}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
            {list && list.unreadable.length > 0 && (
              <details className="unreadable-list">
                <summary>Could not read {plural(list.unreadable.length, 'file')}</summary>
                <ul className="unreadable">
                  {list.unreadable.map((file) => (
                    <li key={file.path}>
                      <span className="path">{file.path}</span> — {file.reason}
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </section>
        </>
      )}
    </div>
  );
}
