import { useState, type FormEvent } from 'react';
import type { ErrorInfo, SearchResponse, TimeRange } from '../../shared/contract';
import { search, TransportError } from './transport';

type State =
  | { kind: 'idle' }
  | { kind: 'searching'; query: string }
  | { kind: 'done'; response: SearchResponse }
  | { kind: 'failed'; error: ErrorInfo };

const TIME_RANGES: Array<{ value: TimeRange | ''; label: string }> = [
  { value: '', label: 'Any time' },
  { value: 'day', label: 'Past day' },
  { value: 'week', label: 'Past week' },
  { value: 'month', label: 'Past month' },
  { value: 'year', label: 'Past year' },
];

export function App(): React.JSX.Element {
  const [query, setQuery] = useState('');
  const [timeRange, setTimeRange] = useState<TimeRange | ''>('');
  const [state, setState] = useState<State>({ kind: 'idle' });

  async function onSubmit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (!query.trim() || state.kind === 'searching') return;
    setState({ kind: 'searching', query });
    try {
      const response = await search({ query, ...(timeRange ? { timeRange } : {}) });
      setState({ kind: 'done', response });
    } catch (error) {
      const info: ErrorInfo =
        error instanceof TransportError ? error.info : { code: 'INTERNAL', message: String(error) };
      setState({ kind: 'failed', error: info });
    }
  }

  return (
    <main className="app">
      <header className="brand">
        <span className="logo" aria-hidden="true">◉</span> Lantern
      </header>
      <form className="search" onSubmit={(event) => void onSubmit(event)} role="search">
        <input
          aria-label="Search"
          autoFocus
          placeholder="Search the web…"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <select aria-label="Time range" value={timeRange} onChange={(event) => setTimeRange(event.target.value as TimeRange | '')}>
          {TIME_RANGES.map((range) => (
            <option key={range.value} value={range.value}>
              {range.label}
            </option>
          ))}
        </select>
        <button type="submit" disabled={state.kind === 'searching' || !query.trim()}>
          {state.kind === 'searching' ? 'Searching…' : 'Search'}
        </button>
      </form>
      {state.kind === 'searching' && <p className="status">Searching for “{state.query}”…</p>}
      {state.kind === 'failed' && (
        <div className="error" role="alert">
          <strong>{state.error.code}</strong> {state.error.message}
        </div>
      )}
      {state.kind === 'done' && <Results response={state.response} />}
    </main>
  );
}

function Results({ response }: { response: SearchResponse }): React.JSX.Element {
  return (
    <section className="results" aria-label="Results">
      <p className="status">
        {response.results.length} results from {response.engine} in {response.tookMs} ms
        {response.fromCache ? ' (cached)' : ''}
      </p>
      {response.featuredSnippet && (
        <blockquote className="featured">
          {response.featuredSnippet.text}
          {response.featuredSnippet.source && <cite> — {response.featuredSnippet.source}</cite>}
        </blockquote>
      )}
      <ol>
        {response.results.map((result) => (
          <li key={result.index} className="result">
            <a href={result.url} target="_blank" rel="noreferrer noopener">
              {result.title}
            </a>
            <div className="meta">
              <span className="source">{result.source}</span>
              {result.date && <span className="date"> · {result.date}</span>}
            </div>
            <p className="snippet">{result.snippet}</p>
          </li>
        ))}
      </ol>
      {response.relatedSearches && response.relatedSearches.length > 0 && (
        <p className="related">Related: {response.relatedSearches.join(' · ')}</p>
      )}
    </section>
  );
}
