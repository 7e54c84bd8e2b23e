import type { AnswerSource } from '../../../shared/answer-contract';
import { domainOf, type PageState } from '../lib/run-view';
import { useReader } from '../stores/reader-store';

/** One card per source: initial (no remote favicon: fetching it would tell the site), title, domain, date, its quotes. */
export function Sources({ sources, pages }: { sources: AnswerSource[]; pages: PageState[] }): React.JSX.Element {
  const open = useReader((state) => state.open);
  return (
    <section className="sources" aria-label="Sources">
      <h2 className="section-title">Sources</h2>
      <ol className="source-cards">
        {sources.map((source) => {
          const domain = source.source || domainOf(source.url);
          const state = pages.find((page) => page.n === source.n)?.state;
          return (
            <li key={source.n} className="source-card" data-n={source.n}>
              <div className="source-head">
                <span className="favicon" aria-hidden="true">
                  {(domain[0] ?? '?').toUpperCase()}
                </span>
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
                    <li key={quote}>“{quote}”</li>
                  ))}
                </ul>
              )}
              <button type="button" className="link-button" onClick={() => void open({ url: source.url, title: source.title, n: source.n, ...(source.quotes[0] ? { quote: source.quotes[0] } : {}) })}>
                Read in Lantern
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
