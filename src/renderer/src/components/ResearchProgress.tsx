import { useEffect } from 'react';
import { clockTime, engineName } from '../lib/error-advice';
import { pausedBy, researchStagesOf } from '../lib/research-view';
import { useCaptcha } from '../stores/captcha-store';
import type { Run } from '../stores/run-store';

const MARK = { waiting: '○', active: '◌', done: '✓', failed: '✕', stopped: '–' } as const;

/**
 * plan → searches → pages → sections → checking, each with its count; and, while an engine
 * waits for a person, that the research is paused and goes on by itself once they answer it.
 */
export function ResearchProgress({ run }: { run: Run }): React.JSX.Element {
  const stages = researchStagesOf(run);
  const paused = pausedBy(run);
  const running = run.status === 'running';
  // The banner above asks the person (and offers its ways out); it learns of the block here.
  const pausedEngine = paused?.engine;
  useEffect(() => {
    void useCaptcha.getState().refresh();
  }, [pausedEngine]);
  const until = paused?.until === undefined ? NaN : Date.parse(paused.until);
  return (
    <section className="progress" aria-label="Progress" aria-live="polite" aria-busy={running}>
      <ol className="stages">
        {stages.map((stage) => (
          <li key={stage.id} className={`stage stage-${stage.state}`} data-stage={stage.id} data-state={stage.state}>
            <span className="stage-mark" aria-hidden="true">
              {MARK[stage.state]}
            </span>{' '}
            {stage.label}
          </li>
        ))}
      </ol>
      {paused && (
        <p className="note research-paused" role="status">
          <strong>Paused: {engineName(paused.engine)} is waiting for you</strong> — {paused.reason}. Answer it from the banner above; the research goes on by
          itself afterwards{Number.isNaN(until) ? '' : `, or once the pause ends at ${clockTime(until)}`}. Stop keeps what was gathered.
        </p>
      )}
    </section>
  );
}
