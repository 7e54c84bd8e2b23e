import { useEffect, useRef } from 'react';
import type { ErrorInfo } from '../../../shared/contract';
import { definedFields } from '../../../shared/defined-fields';
import { useCaptcha } from '../stores/captcha-store';
import { useRun, type Run } from '../stores/run-store';
import { AnswerView } from './AnswerView';
import { ErrorBox } from './ErrorBox';
import { Progress } from './Progress';
import { ResultsList } from './ResultsList';
import { TurnActions, TurnQuestion } from './TurnParts';

/** What to do about a block, when the banner above offers it (in place of the core's CLI advice). */
function blockRemedy(error: ErrorInfo, bannerShown: boolean, canShowWindow: boolean): string | undefined {
  if (!['CAPTCHA_REQUIRED', 'CONSENT_REQUIRED'].includes(error.code) || !bannerShown) return undefined;
  return canShowWindow
    ? 'Use “Solve now” in the banner above: the page opens in a window, and this question runs again once you have solved it. Or pick another engine and ask again.'
    : 'This machine has no display to open the check on: solve it in the Lantern desktop app, wait a while, or pick another engine and ask again.';
}

/**
 * A question asked on this screen, as it runs and as it ended. The last one is asked again in its
 * place ("Try again"); an earlier one that failed is asked again as a new turn at the end.
 */
export function RunTurn({ run, first, latest }: { run: Run; first: boolean; latest: boolean }): React.JSX.Element {
  const retry = useRun((state) => state.retry);
  const ask = useRun((state) => state.ask);
  const bannerShown = useCaptcha((state) => state.blocks.length > 0);
  const canShowWindow = useCaptcha((state) => state.canShowWindow);
  const section = useRef<HTMLElement>(null);
  // A follow-up comes into view as it starts; the thread's first question is already at the top.
  useEffect(() => {
    if (latest && !first) section.current?.scrollIntoView({ block: 'start' });
  }, [latest, first]);
  const again = (): void => void (latest ? retry() : ask(run.question, { mode: run.mode }));
  // Enter → first sources, as the UI saw it (read by the UI tests' benchmark).
  const firstSourcesMs = run.firstSourcesAt === undefined ? undefined : Math.round(run.firstSourcesAt - run.startedAt);
  return (
    <section ref={section} className="run turn" aria-label={run.question} data-first-sources-ms={firstSourcesMs}>
      <TurnQuestion question={run.question} searchedFor={run.response?.searchedFor} first={first} />
      <Progress run={run} />
      {run.status === 'failed' && run.error && (
        <ErrorBox
          error={run.error}
          onRetry={again}
          {...definedFields({ remedy: blockRemedy(run.error, bannerShown, canShowWindow) })}
        />
      )}
      {run.status === 'cancelled' && (
        <div className="note" role="status">
          Stopped.{' '}
          <button type="button" className="link-button" onClick={again}>
            Ask again
          </button>
        </div>
      )}
      {run.mode === 'answer' ? (
        <AnswerView run={run}>
          {run.response && <TurnActions answer={run.response} question={run.question} />}
        </AnswerView>
      ) : (
        run.results && <ResultsList response={run.results} />
      )}
    </section>
  );
}
