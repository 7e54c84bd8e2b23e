import type { AnswerSentence } from '../../../shared/answer-contract';
import { formatAnswerText } from '../../../shared/format/answer-text';
import { citationLookup, domainOf } from '../lib/run-view';
import { firstQuestionOf, useRun, type StoredTurn } from '../stores/run-store';
import { useReader } from '../stores/reader-store';
import { AnswerMarkdown } from './Lazy';
import { ErrorBox } from './ErrorBox';
import { resultsOfTurn, SearchResults } from './ResultsList';
import { ReportActions } from './ResearchReportView';
import { RunTurn } from './RunTurn';
import { TurnActions, TurnQuestion } from './TurnParts';

/** The mode the history records a deep research's turn with (its answer is the report's text with [n] markers, as an answer's). */
const RESEARCH_MODE = 'research';

/** Stored turns keep their checked sentences as `citations` (answers) or nothing (searches). */
function sentencesOf(citations: unknown[]): AnswerSentence[] | undefined {
  const sentences = citations.filter((item): item is AnswerSentence => typeof item === 'object' && item !== null && Array.isArray((item as AnswerSentence).citations));
  return sentences.length > 0 ? sentences : undefined;
}

/** The thread on screen: its stored turns, then the questions asked here, each below the one before. */
export function ThreadView(): React.JSX.Element {
  const earlier = useRun((state) => state.earlier);
  const run = useRun((state) => state.run);
  const title = useRun(firstQuestionOf);
  const turns = [...earlier, ...(run ? [{ kind: 'live' as const, run }] : [])];
  return (
    <article className="thread" aria-label={`Thread: ${title ?? ''}`}>
      {turns.map((item, i) =>
        item.kind === 'stored' ? (
          <StoredTurnView key={`s${item.turn.id}`} turn={item.turn} first={i === 0} />
        ) : (
          <RunTurn key={`r${item.run.id}`} run={item.run} first={i === 0} latest={item.run === run} />
        ),
      )}
    </article>
  );
}

/**
 * A turn from the history: its question with its answer, chips and sources as they were, or the
 * error it ended with; a search as the search showed it (the one results component).
 */
function StoredTurnView({ turn, first }: { turn: StoredTurn; first: boolean }): React.JSX.Element {
  const openReader = useReader((state) => state.open);
  const ask = useRun((state) => state.ask);
  const sentences = sentencesOf(turn.citations);
  const research = turn.mode === RESEARCH_MODE;
  const asAnswer = { answer: turn.answer, sources: turn.sources.map((source, i) => ({ n: i + 1, title: source.title, url: source.url, source: domainOf(source.url), quotes: [] })) };
  const sourceOf = (n: number) => {
    const source = turn.sources[n - 1];
    return source && { title: source.title, url: source.url, domain: domainOf(source.url) };
  };
  if (turn.mode === 'search') {
    return (
      <section className="turn" aria-label={turn.question}>
        <TurnQuestion question={turn.question} mode="results" first={first} />
        <SearchResults view={resultsOfTurn(turn)} />
      </section>
    );
  }
  return (
    <section className="turn" aria-label={turn.question}>
      <TurnQuestion question={turn.question} searchedFor={turn.searchedFor} mode={research ? 'deep' : 'answer'} first={first} />
      {turn.error && <ErrorBox error={turn.error} onRetry={() => void ask(turn.question, { mode: research ? 'deep' : 'answer' })} />}
      {turn.answer.trim() !== '' && (
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
      )}
      {turn.mode === 'answer' && !turn.error && <TurnActions answer={asAnswer} question={turn.question} />}
      {research && !turn.error && <ReportActions title={turn.question} markdown={formatAnswerText(asAnswer)} />}
      {turn.sources.length > 0 && (
        <ol className="turn-sources" aria-label="Sources">
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
}
