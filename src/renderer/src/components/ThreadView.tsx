import { storedAnswerView } from '../lib/answer-view';
import { storedReportView } from '../lib/report-view';
import { firstQuestionOf, useRun, type StoredTurn } from '../stores/run-store';
import { AnswerView } from './AnswerView';
import { ErrorBox } from './ErrorBox';
import { Progress } from './Progress';
import { ResearchProgress } from './ResearchProgress';
import { ResearchReportView } from './ResearchReportView';
import { resultsOfTurn, SearchResults } from './ResultsList';
import { RunTurn } from './RunTurn';
import { ThreadExport } from './ThreadExport';
import { TurnActions, TurnQuestion } from './TurnParts';

/** The mode the history records a deep research's turn with. */
const RESEARCH_MODE = 'research';

/** The thread on screen: its stored turns, then the questions asked here, each below the one before. */
export function ThreadView(): React.JSX.Element {
  const earlier = useRun((state) => state.earlier);
  const run = useRun((state) => state.run);
  const title = useRun(firstQuestionOf);
  const threadId = useRun((state) => state.threadId);
  const turns = [...earlier, ...(run ? [{ kind: 'live' as const, run }] : [])];
  return (
    <article className="thread" aria-label={`Thread: ${title ?? ''}`}>
      {/* A thread the history keeps (a search alone is exported from its own results). */}
      {threadId !== undefined && run?.mode !== 'results' && (
        <ThreadExport threadId={threadId} title={title ?? ''} busy={run?.status === 'running'} />
      )}
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
 * A turn from the history, drawn by the same views as a live one (lib/answer-view.ts,
 * lib/report-view.ts): its question with its progress, answer or report, chips, footer and source
 * cards as they were, or the error it ended with; a search as the search showed it.
 */
function StoredTurnView({ turn, first }: { turn: StoredTurn; first: boolean }): React.JSX.Element {
  const ask = useRun((state) => state.ask);
  const research = turn.mode === RESEARCH_MODE;
  if (turn.mode === 'search') {
    return (
      <section className="turn" aria-label={turn.question}>
        <TurnQuestion question={turn.question} mode="results" first={first} />
        <SearchResults view={resultsOfTurn(turn)} />
      </section>
    );
  }
  const head = (
    <TurnQuestion
      question={turn.question}
      searchedFor={turn.searchedFor}
      mode={research ? 'deep' : 'answer'}
      first={first}
    />
  );
  if (turn.error) {
    return (
      <section className="turn" aria-label={turn.question}>
        {head}
        <ErrorBox error={turn.error} onRetry={() => void ask(turn.question, { mode: research ? 'deep' : 'answer' })} />
      </section>
    );
  }
  if (research) {
    const view = storedReportView(turn);
    return (
      <section className="turn" aria-label={turn.question}>
        {head}
        <ResearchProgress stages={view.stages} running={false} />
        <ResearchReportView view={view} />
      </section>
    );
  }
  const view = storedAnswerView(turn);
  return (
    <section className="turn" aria-label={turn.question}>
      {head}
      <Progress stages={view.stages} pages={view.pages} running={false} />
      <AnswerView view={view}>
        <TurnActions answer={{ answer: view.text, sources: view.sources }} question={turn.question} />
      </AnswerView>
    </section>
  );
}
