import type { PageState, Stage } from '../lib/run-view';
import { StageList } from './StageList';

const PAGE_STATE = { reading: 'reading…', read: 'read', failed: 'failed' } as const;

/** searching → reading k/N (each page's state while they are read) → writing → checking citations. */
export function Progress({
  stages,
  pages,
  running,
}: {
  stages: Stage[];
  pages: PageState[];
  running: boolean;
}): React.JSX.Element {
  return (
    <section className="progress" aria-label="Progress" aria-live="polite" aria-busy={running}>
      <StageList stages={stages} />
      {pages.length > 0 && running && (
        <ul className="pages" aria-label="Pages">
          {pages.map((page) => (
            <li key={page.n} className={`page page-${page.state}`} title={page.message}>
              [{page.n}] {hostOf(page.url)} — {PAGE_STATE[page.state]}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
