import { liveReportView } from '../lib/report-view';
import { pausedBy, readingNow } from '../lib/research-view';
import type { AskOptions, Run } from '../stores/run-store';
import { ResearchPlanEditor } from './ResearchPlanEditor';
import { ResearchProgress } from './ResearchProgress';
import { ResearchReportView } from './ResearchReportView';
import { RunError } from './RunError';
import './research.css';

/**
 * A deep research asked on this screen: its plan to edit and start, then its progress, and the
 * report as it is written. Stopped, it keeps what was gathered; failed, it says why and how to go on.
 */
export function ResearchRun({
  run,
  again,
}: {
  run: Run;
  again: (change?: Pick<AskOptions, 'engine' | 'timeRange'>) => void;
}): React.JSX.Element {
  const view = liveReportView(run);
  return (
    <>
      {run.status === 'planned' && run.plan ? (
        <ResearchPlanEditor plan={run.plan} edited={run.edited} />
      ) : (
        <ResearchProgress
          stages={view.stages}
          paused={pausedBy(run)}
          reading={readingNow(run)}
          running={run.status === 'running'}
        />
      )}
      {run.status === 'failed' && run.error && <RunError run={run} error={run.error} again={again} />}
      {run.status === 'cancelled' && !run.report && (
        <div className="note" role="status">
          Stopped{run.research && run.research.length > 0 ? ': what was gathered before is kept below' : ''}.{' '}
          <button type="button" className="link-button" onClick={() => again()}>
            Ask again
          </button>
        </div>
      )}
      <ResearchReportView view={view} />
    </>
  );
}
