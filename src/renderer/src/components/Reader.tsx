import { useEffect, useMemo, useRef } from 'react';
import { locateQuote } from '../lib/locate-quote';
import { readableDate } from '../lib/readable-date';
import { domainOf } from '../lib/run-view';
import { useReader } from '../stores/reader-store';
import { ErrorBox } from './ErrorBox';
import { SaveButton, SaveStatus, useSaveToLibrary } from './SaveToLibrary';
import { HIGHLIGHT_END, HIGHLIGHT_START, PageMarkdown } from './Markdown';

export function Reader(): React.JSX.Element | null {
  const { target, page, error, loading, open, close } = useReader();
  const body = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const saving = useSaveToLibrary(target?.url ?? '');

  const view = useMemo(() => {
    if (!page) return undefined;
    const found = target?.quote ? locateQuote(page.markdown, target.quote, target.range) : undefined;
    const text = found
      ? page.markdown.slice(0, found[0]) +
        HIGHLIGHT_START +
        page.markdown.slice(found[0], found[1]) +
        HIGHLIGHT_END +
        page.markdown.slice(found[1])
      : page.markdown;
    return { text, found: Boolean(found) };
  }, [page, target]);

  useEffect(() => {
    if (!view) return;
    const mark = body.current?.querySelector('mark.quote');
    if (mark) mark.scrollIntoView({ block: 'center' });
    heading.current?.focus();
  }, [view]);

  if (!target) return null;
  // A library document's citation names it by file URL, a PDF's page as #page=N.
  const fromLibrary = target.url.startsWith('file:');
  const citedPage = fromLibrary ? /#page=(\d+)$/.exec(target.url)?.[1] : undefined;
  return (
    <aside className="reader" aria-label="Reader">
      <header className="reader-head">
        <div className="reader-titles">
          <h2 ref={heading} tabIndex={-1} className="reader-title">
            {target.n !== undefined && <span className="source-n">[{target.n}] </span>}
            {page?.title || target.title || target.url}
          </h2>
          <p className="reader-meta">
            {fromLibrary
              ? `Your library${citedPage ? ` · cited on page ${citedPage}` : ''}`
              : domainOf(page?.finalUrl ?? target.url)}
            {page?.byline && ` · ${page.byline}`}
            {page?.publishedAt && ` · ${readableDate(page.publishedAt)}`}
            {page && ` · ${page.wordCount.toLocaleString()} words`}
          </p>
        </div>
        <div className="reader-actions">
          {!fromLibrary && page && <SaveButton state={saving.state} save={saving.save} />}
          {!fromLibrary && (
            <a className="button" href={page?.finalUrl ?? target.url} target="_blank" rel="noopener noreferrer">
              Open original
            </a>
          )}
          <button type="button" className="button" onClick={close} aria-label="Close the reader">
            Close
          </button>
        </div>
      </header>
      {!fromLibrary && page && <SaveStatus state={saving.state} />}
      {target.quote && view && !view.found && (
        <p className="note">The quoted passage was not found in the page as it reads now; it may have changed since.</p>
      )}
      {loading && (
        <p className="status" role="status">
          Reading the page…
        </p>
      )}
      {error && <ErrorBox error={error} onRetry={() => void open(target)} />}
      {view && (
        <div className="reader-body" ref={body}>
          <PageMarkdown text={view.text} />
          {page?.truncated && (
            <p className="note">
              The page goes on; Lantern shows its first {page.markdown.length.toLocaleString()} characters.
            </p>
          )}
        </div>
      )}
    </aside>
  );
}
