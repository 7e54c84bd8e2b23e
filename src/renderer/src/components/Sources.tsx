import type { AnswerSource } from '../../../shared/answer-contract';
import { domainOf, type PageState } from '../lib/run-view';
import { readerTargetOf } from '../lib/source-links';
import { useReader } from '../stores/reader-store';
import { InlineMarkdown } from './Lazy';
import { SaveToLibrary } from './SaveToLibrary';

/** The sources the answer cites first, then the rest, each group in source order. */
export function citedFirst(sources: AnswerSource[], cited: ReadonlySet<number>): AnswerSource[] {
  return [...sources.filter((s) => cited.has(s.n)), ...sources.filter((s) => !cited.has(s.n))];
}

/**
 * The initial of a source's site, in a badge of fixed size (no remote favicon: fetching it would
 * tell the site). A site known by its address (127.0.0.1, [::1]) has no letter to show: its badge
 * shows a dot rather than a digit that reads like the source's number.
 */
export function SiteBadge({ domain }: { domain: string }): React.JSX.Element {
  const initial = /^\p{L}/u.test(domain) ? (domain[0] as string).toUpperCase() : '•';
  return (
    <span className="favicon" aria-hidden="true">
      {initial}
    </span>
  );
}

/** One card per source, the cited ones first: initial, number, domain, date, title, its quotes. */
export function Sources({
  sources,
  pages,
  cited,
}: {
  sources: AnswerSource[];
  pages: PageState[];
  cited: ReadonlySet<number>;
}): React.JSX.Element {
  const open = useReader((state) => state.open);
  return (
    <section className="sources" aria-label="Sources">
      <h2 className="section-title">Sources</h2>
      <ol className="source-cards">
        {citedFirst(sources, cited).map((source) => {
          const domain = source.source || domainOf(source.url);
          const state = pages.find((page) => page.n === source.n)?.state;
          return (
            <li
              key={source.n}
              className={cited.has(source.n) ? 'source-card' : 'source-card uncited'}
              data-n={source.n}
            >
              <div className="source-head">
                <SiteBadge domain={domain} />
                <span className="source-n">[{source.n}]</span>
                <span className="source-domain">{domain}</span>
                {source.date && <span className="source-date">· {source.date}</span>}
                {state === 'failed' && <span className="source-failed">· could not be read</span>}
              </div>
              <a className="source-title" href={source.url} target="_blank" rel="noopener noreferrer">
                {source.title || source.url}
              </a>
              {source.quotes.length > 0 && (
                <ul className="source-quotes" aria-label={`Quotes from source ${source.n}`}>
                  {source.quotes.slice(0, 3).map((quote) => (
                    <li key={quote}>
                      “<InlineMarkdown text={quote} />”
                    </li>
                  ))}
                </ul>
              )}
              {!cited.has(source.n) && <p className="uncited-note">Read, not cited</p>}
              <div className="source-actions">
                <button type="button" className="link-button" onClick={() => void open(readerTargetOf(source))}>
                  Read in Lantern
                </button>
                {/* A page of the web the answer read; a library document is in the library already. */}
                {!source.library && state !== 'failed' && (
                  <SaveToLibrary
                    url={source.url}
                    className="link-button"
                    label={`Save to library (source ${source.n})`}
                  />
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
