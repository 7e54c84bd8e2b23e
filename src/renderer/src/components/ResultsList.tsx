import type { SearchResponse } from '../../../shared/contract';
import { useReader } from '../stores/reader-store';

/** Results only: numbered as agents number them (index + 1), each readable in the reader. */
export function ResultsList({ response }: { response: SearchResponse }): React.JSX.Element {
  const open = useReader((state) => state.open);
  if (response.results.length === 0) {
    return (
      <div className="empty" role="status">
        <p>
          <strong>No results.</strong> {response.engine} found nothing for “{response.query}”. Try fewer or other words, or another time range.
        </p>
      </div>
    );
  }
  return (
    <section className="results" aria-label="Results">
      <p className="status">
        {response.results.length} results from {response.engine} in {response.tookMs} ms{response.fromCache ? ' (from the cache)' : ''}
      </p>
      {response.featuredSnippet && (
        <blockquote className="featured">
          {response.featuredSnippet.text}
          {response.featuredSnippet.source && <cite> — {response.featuredSnippet.source}</cite>}
        </blockquote>
      )}
      <ol className="result-list">
        {response.results.map((result) => (
          <li key={result.index} className="result" data-index={result.index}>
            <span className="result-n" aria-hidden="true">
              {result.index + 1}
            </span>
            <div className="result-body">
              <a href={result.url} target="_blank" rel="noopener noreferrer" className="result-title">
                {result.title}
              </a>
              <div className="meta">
                <span className="source">{result.source}</span>
                {result.date && <span className="date"> · {result.date}</span>}
              </div>
              <p className="snippet">{result.snippet}</p>
              <button type="button" className="link-button" onClick={() => void open({ url: result.url, title: result.title })}>
                Read in Lantern
              </button>
            </div>
          </li>
        ))}
      </ol>
      {response.relatedSearches && response.relatedSearches.length > 0 && <p className="related">Related: {response.relatedSearches.join(' · ')}</p>}
    </section>
  );
}
