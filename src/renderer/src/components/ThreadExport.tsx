import { useEffect, useId, useRef, useState } from 'react';
import type { ExportFormat } from '../../../shared/history-contract';
import { client } from '../client';
import { adviceFor } from '../lib/error-advice';
import { downloadFile, downloadMarkdown } from '../lib/download';
import { toErrorInfo } from '../../../shared/errors';

/** The formats a thread leaves the app in, by the names people know them by. */
const FORMATS: ReadonlyArray<{ format: ExportFormat; label: string; what: string }> = [
  { format: 'markdown', label: 'Markdown (.md)', what: 'Markdown' },
  { format: 'pdf', label: 'PDF (.pdf)', what: 'PDF' },
  { format: 'docx', label: 'Word (.docx)', what: 'Word document' },
];

/**
 * "Export" on a thread: the whole thread as Markdown, PDF or Word, each citation a footnote with
 * its quoted passage and URL (history.export: Chromium prints the PDF, the docx package writes the
 * Word file), saved through the browser's download. A disclosure, not a menu: Tab reaches each
 * format, Esc closes it and gives focus back to its button.
 */
export function ThreadExport({
  threadId,
  title,
  busy,
}: {
  threadId: number;
  title: string;
  busy: boolean;
}): React.JSX.Element {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<{ kind: 'working' | 'done' | 'failed'; text: string }>();
  const toggle = useRef<HTMLButtonElement>(null);
  const list = useId();
  // Another thread on screen: nothing said about this one's export.
  useEffect(() => {
    setOpen(false);
    setState(undefined);
  }, [threadId]);

  const save = (format: ExportFormat, what: string): void => {
    setOpen(false);
    setState({ kind: 'working', text: `Preparing the ${what}…` });
    client.history.export({ id: threadId, format }).then(
      (exported) => {
        if (exported.format === 'markdown') {
          downloadMarkdown(exported.title || title, exported.markdown);
          setState({ kind: 'done', text: 'Saved as Markdown.' });
        } else {
          // A copy of the bytes: Blob wants an ArrayBuffer-backed view.
          downloadFile(exported.fileName, new Blob([new Uint8Array(exported.data)], { type: exported.mediaType }));
          setState({ kind: 'done', text: `Saved ${exported.fileName}.` });
        }
      },
      (error: unknown) =>
        setState({ kind: 'failed', text: `The ${what} could not be made: ${adviceFor(toErrorInfo(error)).headline}` }),
    );
  };

  return (
    <div
      className="thread-export"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        setOpen(false);
        toggle.current?.focus();
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="button small"
        aria-expanded={open}
        aria-controls={list}
        disabled={busy || state?.kind === 'working'}
        title={busy ? 'Export once the answer is finished' : undefined}
        onClick={() => setOpen(!open)}
      >
        Export thread
      </button>
      {open && (
        <ul id={list} className="export-formats" aria-label="Export the thread as">
          {FORMATS.map(({ format, label, what }) => (
            <li key={format}>
              <button type="button" className="button small" onClick={() => save(format, what)}>
                {label}
              </button>
            </li>
          ))}
        </ul>
      )}
      <span role="status" className={state?.kind === 'failed' ? 'export-note failed' : 'export-note muted'}>
        {state?.text}
      </span>
    </div>
  );
}
