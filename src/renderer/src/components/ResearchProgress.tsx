import { engineName } from '../lib/error-advice';
import type { ResearchEvent } from '../../../shared/research-contract';
import type { ResearchStage } from '../lib/research-view';
import { StageList } from './StageList';

/**
 * plan → searches → pages → sections → checking, each with its count; and, while an engine
 * waits for a person, that the research is paused: the core has already opened the engine's
 * check in a window (as "Solve now" does), and the run goes on by itself once it is solved.
 */
export function ResearchProgress({
  stages,
  paused,
  running,
}: {
  stages: ResearchStage[];
  paused?: Extract<ResearchEvent, { type: 'paused' }> | undefined;
  running: boolean;
}): React.JSX.Element {
  return (
    <section className="progress" aria-label="Progress" aria-live="polite" aria-busy={running}>
      <StageList stages={stages} />
      {paused && (
        <p className="note research-paused" role="status">
          {/* A CAPTCHA or a cookie choice: the event does not say which, so neither is named. */}
          <strong>Paused: {engineName(paused.engine)} is waiting for you</strong> — answer its check in the window that
          opened; the research goes on by itself afterwards. Stop keeps what was gathered.
        </p>
      )}
    </section>
  );
}
