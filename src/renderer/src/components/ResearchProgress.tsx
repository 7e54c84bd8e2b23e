import { engineName } from '../lib/error-advice';
import { pausedBy, researchStagesOf } from '../lib/research-view';
import type { Run } from '../stores/run-store';
import { StageList } from './StageList';


/**
 * plan → searches → pages → sections → checking, each with its count; and, while an engine
 * waits for a person, that the research is paused: the core has already opened the engine's
 * check in a window (as "Solve now" does), and the run goes on by itself once it is solved.
 */
export function ResearchProgress({ run }: { run: Run }): React.JSX.Element {
  const stages = researchStagesOf(run);
  const paused = pausedBy(run);
  const running = run.status === 'running';
  return (
    <section className="progress" aria-label="Progress" aria-live="polite" aria-busy={running}>
      <StageList stages={stages} />
      {paused && (
        <p className="note research-paused" role="status">
          {/* A CAPTCHA or a cookie choice: the event does not say which, so neither is named. */}
          <strong>Paused: {engineName(paused.engine)} is waiting for you</strong> — answer its check in the window that opened; the research goes on by itself
          afterwards. Stop keeps what was gathered.
        </p>
      )}
    </section>
  );
}
