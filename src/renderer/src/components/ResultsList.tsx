import type { SearchResponse } from '../../../shared/contract';
import type { Thread } from '../../../shared/history-contract';
import { domainOf } from '../lib/run-view';
import { useReader } from '../stores/reader-store';
import { useRun } from '../stores/run-store';
import { useView } from '../stores/view-store';

type ResultsView = Pick<SearchResponse, 'results' | 'featuredSnippet' | 'peopleAlsoAsk' | 'relatedSearches'>;

/** What a search turn of the history kept of its results (a turn recorded before snippets were kept has none). */
export function resultsOfTurn(turn: Thread['turns'][number]): ResultsView {
  const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
  return {
    results: turn.sources.map((source, index) => {
      const date = text(source['date']);
      return {
        index,
        url: source.url,
        title: source.title,
        snippet: text(source['snippet']) ?? '',
        source: text(source['source']) ?? domainOf(source.url),
        ...(date ? { date } : {}),
      };
    }),
    ...(turn.suggestions ?? {}),
  };
}

/** A related search or a people-also-ask question, run as a search of its own. */
function searchFor(query: string): void {
  useView.getState().show('research');
  void useRun.getState().ask(query, { mode: 'results' });
}

function QueryChips({ title, queries }: { title: string; queries: string[] | undefined }): React.JSX.Element | null {
  if (!queries || queries.length === 0) return null;
  return (
    <section className="query-chips" aria-label={title}>
      <h2 className="section-title">{title}</h2>
      <div className="chips">
        {queries.map((query) => (
          <button key={query} type="button" className="follow-up" onClick={() => searchFor(query)}>
            {query}
          </button>
        ))}
      </div>
    </section>
  );
}

/**
 * Results only, live and in a history thread alike: numbered as agents number them (index + 1),
 * each readable in the reader; people-also-ask and related searches are searches to run.
 */
export function SearchResults({ view, status }: { view: ResultsView; status?: string }): React.JSX.Element {
  const open = useReader((state) => state.open);
  return (
    <section className="results" aria-label="Results">
      {status && <p className="status">{status}</p>}
      {view.featuredSnippet && (
        <blockquote className="featured">
          {view.featuredSnippet.text}
          {view.featuredSnippet.source && <cite> — {view.featuredSnippet.source}</cite>}
        </blockquote>
      )}
      <ol className="result-list">
        {view.results.map((result) => (
          <li key={result.index} className="result" data-index={result.index}>
            <span className="result-n" aria-hidden="true">
              {result.index + 1}
            </span>
            <div className="result-body">
              <a href={result.url} target="_blank" rel="noopener noreferrer" className="result-title">
                {result.title || result.url}
              </a>
              <div className="meta">
                <span className="source">{result.source}</span>
                {result.date && <span className="date"> · {result.date}</span>}
              </div>
              {result.snippet && <p className="snippet">{result.snippet}</p>}
              <button
                type="button"
                className="link-button"
                onClick={() => void open({ url: result.url, title: result.title })}
              >
                Read in Lantern
              </button>
            </div>
          </li>
        ))}
      </ol>
      <QueryChips title="People also ask" queries={view.peopleAlsoAsk} />
      <QueryChips title="Related searches" queries={view.relatedSearches} />
    </section>
  );
}

/** The live results of the question just asked. */
export function ResultsList({ response }: { response: SearchResponse }): React.JSX.Element {
  if (response.results.length === 0) {
    return (
      <div className="empty" role="status">
        <p>
          <strong>No results.</strong> {response.engine} found nothing for “{response.query}”. Try fewer or other words,
          or another time range.
        </p>
      </div>
    );
  }
  return (
    <SearchResults
      view={response}
      status={`${response.results.length} results from ${response.engine} in ${response.tookMs} ms${response.fromCache ? ' (from the cache)' : ''}`}
    />
  );
}
