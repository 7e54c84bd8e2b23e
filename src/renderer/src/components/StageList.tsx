import type { StageState } from '../lib/progress-types';

const MARK: Record<StageState, string> = { waiting: '○', active: '◌', done: '✓', failed: '✕', stopped: '–' };

/** A run's steps in order, each with its mark and label (an answer's and a research's progress alike). */
export function StageList({
  stages,
}: {
  stages: ReadonlyArray<{ id: string; label: string; state: StageState }>;
}): React.JSX.Element {
  return (
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
  );
}
