import { useEffect, useRef } from 'react';
import { liveAnswerView } from '../lib/answer-view';
import { stagesOf } from '../lib/run-view';
import { useRun, type AskOptions, type Run } from '../stores/run-store';
import { AnswerView } from './AnswerView';
import { Progress } from './Progress';
import { ResearchRun } from './ResearchRun';
import { ResultsList } from './ResultsList';
import { RunError } from './RunError';
import { TurnActions, TurnQuestion } from './TurnParts';

/**
 * A question asked on this screen, as it runs and as it ended. The last one is asked again in its
 * place ("Try again"); an earlier one that failed is asked again as a new turn at the end.
 */
export function RunTurn({ run, first, latest }: { run: Run; first: boolean; latest: boolean }): React.JSX.Element {
  const retry = useRun((state) => state.retry);
  const ask = useRun((state) => state.ask);
  const section = useRef<HTMLElement>(null);
  // A follow-up comes into view as it starts; the thread's first question is already at the top.
  useEffect(() => {
    if (latest && !first) section.current?.scrollIntoView({ block: 'start' });
  }, [latest, first]);
  const again = (change: Pick<AskOptions, 'engine' | 'timeRange'> = {}): void =>
    void (latest
      ? retry(change)
      : ask(run.question, {
          mode: run.mode,
          engine: change.engine ?? run.engine,
          timeRange: change.timeRange ?? run.timeRange,
        }));
  // Enter → first sources, as the UI saw it (read by the UI tests' benchmark).
  const firstSourcesMs = run.firstSourcesAt === undefined ? undefined : Math.round(run.firstSourcesAt - run.startedAt);
  if (run.mode === 'deep') {
    return (
      <section ref={section} className="run turn" aria-label={run.question}>
        <TurnQuestion
          question={run.question}
          searchedFor={run.report?.searchedFor ?? run.plan?.searchedFor}
          mode={run.mode}
          first={first}
        />
        <ResearchRun run={run} again={again} />
      </section>
    );
  }
  const answer = run.mode === 'answer' ? liveAnswerView(run) : undefined;
  return (
    <section ref={section} className="run turn" aria-label={run.question} data-first-sources-ms={firstSourcesMs}>
      <TurnQuestion question={run.question} searchedFor={run.response?.searchedFor} mode={run.mode} first={first} />
      <Progress
        stages={answer?.stages ?? stagesOf(run)}
        pages={answer?.pages ?? []}
        running={run.status === 'running'}
      />
      {run.status === 'failed' && run.error && <RunError run={run} error={run.error} again={again} />}
      {run.status === 'cancelled' && (
        <div className="note" role="status">
          Stopped.{' '}
          <button type="button" className="link-button" onClick={() => again()}>
            Ask again
          </button>
        </div>
      )}
      {answer ? (
        <AnswerView view={answer}>
          {run.response && <TurnActions answer={run.response} question={run.question} />}
        </AnswerView>
      ) : (
        run.results && <ResultsList response={run.results} />
      )}
    </section>
  );
}
