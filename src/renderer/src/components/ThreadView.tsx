import type { AnswerSentence } from '../../../shared/answer-contract';
import type { Thread } from '../../../shared/history-contract';
import { citationLookup, domainOf } from '../lib/run-view';
import { useHistory } from '../stores/history-store';
import { useReader } from '../stores/reader-store';
import { AnswerMarkdown } from './Lazy';
import { resultsOfTurn, SearchResults } from './ResultsList';

/** Stored turns keep their checked sentences as `citations` (answers) or nothing (searches). */
function sentencesOf(citations: unknown[]): AnswerSentence[] | undefined {
  const sentences = citations.filter((item): item is AnswerSentence => typeof item === 'object' && item !== null && Array.isArray((item as AnswerSentence).citations));
  return sentences.length > 0 ? sentences : undefined;
}

/** A past thread from history: each question with its answer, chips and sources as they were. */
export function ThreadView({ thread }: { thread: Thread }): React.JSX.Element {
  const openReader = useReader((state) => state.open);
  const close = useHistory((state) => state.closeThread);
  return (
    <article className="thread" aria-label={`Thread: ${thread.title}`}>
      <header className="thread-head">
        <h1 className="thread-heading">{thread.title}</h1>
        <button type="button" className="button small" onClick={close}>
          Back to the current question
        </button>
      </header>
      {thread.turns.map((turn) => {
        const sentences = sentencesOf(turn.citations);
        const sourceOf = (n: number) => {
          const source = turn.sources[n - 1];
          return source && { title: source.title, url: source.url, domain: domainOf(source.url) };
        };
        if (turn.mode === 'search') {
          // A search is shown as the search showed it: the one results component.
          return (
            <section key={turn.id} className="turn" aria-label={turn.question}>
              {/* A thread of this one search is titled by its query already. */}
              {(thread.turns.length > 1 || turn.question !== thread.title) && <h2 className="turn-question">{turn.question}</h2>}
              <SearchResults view={resultsOfTurn(turn)} />
            </section>
          );
        }
        return (
          <section key={turn.id} className="turn" aria-label={turn.question}>
            <h2 className="turn-question">{turn.question}</h2>
            <div className="answer-text">
              <AnswerMarkdown
                text={turn.answer}
                citation={citationLookup(sentences)}
                sourceOf={sourceOf}
                checked={sentences !== undefined}
                onOpen={(n, citation) => {
                  const source = turn.sources[n - 1];
                  if (source) void openReader({ url: source.url, title: source.title, n, ...(citation?.quote ? { quote: citation.quote, range: citation.range } : {}) });
                }}
              />
            </div>
            {turn.sources.length > 0 && (
              <ol className="turn-sources">
                {turn.sources.map((source, i) => (
                  <li key={`${i}-${source.url}`}>
                    [{i + 1}]{' '}
                    <a href={source.url} target="_blank" rel="noopener noreferrer">
                      {source.title || source.url}
                    </a>{' '}
                    <span className="muted">{domainOf(source.url)}</span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        );
      })}
    </article>
  );
}
