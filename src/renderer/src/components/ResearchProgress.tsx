import { useEffect, useState } from 'react';
import { formatTimeLeft } from '../lib/duration';
import { engineName } from '../lib/error-advice';
import { domainOf } from '../lib/run-view';
import type { ResearchEvent } from '../../../shared/research-contract';
import type { ReadingNow, ResearchStage } from '../lib/research-view';
import { StageList } from './StageList';

/**
 * plan → searches → pages → sections → checking, each with its count; and, while an engine
 * waits for a person, that the research is paused: the core has already opened the engine's
 * check in a window (as "Solve now" does), and the run goes on by itself once it is solved.
 */
export function ResearchProgress({
  stages,
  paused,
  reading,
  running,
}: {
  stages: ResearchStage[];
  paused?: Extract<ResearchEvent, { type: 'paused' }> | undefined;
  reading?: ReadingNow | undefined;
  running: boolean;
}): React.JSX.Element {
  const left = useTimeLeft(reading?.msLeft, running && !paused);
  return (
    <section className="progress" aria-label="Progress" aria-live="polite" aria-busy={running}>
      <StageList stages={stages} />
      {reading && !paused && (
        <p className="note research-reading" data-testid="research-reading">
          {reading.url !== undefined && (
            <>
              Reading <span className="research-reading-page">{pageName(reading.url)}</span>
            </>
          )}
          {reading.url !== undefined && left !== undefined && ' · '}
          {left !== undefined && (
            <>
              {reading.url === undefined ? 'At' : 'at'} most {formatTimeLeft(left)} left of the time budget
            </>
          )}
        </p>
      )}
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

/** A page as a person recognizes it in a line: its site and path, without the scheme or a query. */
function pageName(url: string): string {
  const path = URL.canParse(url) ? new URL(url).pathname : '';
  const name = `${domainOf(url)}${path === '/' ? '' : path}`;
  return name.length > 60 ? `${name.slice(0, 59)}…` : name;
}

/**
 * The budget left, counted down each second from the latest figure the run told (each page's
 * event carries it); held while the run is paused for a person, whose time the budget does not count.
 */
function useTimeLeft(msLeft: number | undefined, ticking: boolean): number | undefined {
  const [told, setTold] = useState<{ msLeft: number; at: number } | undefined>();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setTold(msLeft === undefined ? undefined : { msLeft, at: Date.now() });
    setNow(Date.now());
  }, [msLeft]);
  useEffect(() => {
    if (!ticking) {
      // Held: once the run goes on, the figure told before the pause goes on from where it stood.
      const heldAt = Date.now();
      return () => setTold((t) => t && { msLeft: t.msLeft, at: t.at + (Date.now() - heldAt) });
    }
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  if (told === undefined) return undefined;
  return Math.max(0, told.msLeft - (now - told.at));
}
