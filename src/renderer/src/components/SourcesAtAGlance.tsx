import { useState } from 'react';
import type { AnswerSource } from '../../../shared/answer-contract';
import { domainOf } from '../lib/run-view';
import { readerTargetOf } from '../lib/source-links';
import { useReader } from '../stores/reader-store';
import { citedFirst, SiteBadge } from './Sources';

/**
 * A compact row above the answer: the sources it cites, each opening in the reader, and the
 * others folded behind “N more” (read, but not what the answer rests on).
 */
export function SourcesAtAGlance({
  sources,
  cited,
}: {
  sources: AnswerSource[];
  cited: ReadonlySet<number>;
}): React.JSX.Element {
  const open = useReader((state) => state.open);
  const [expanded, setExpanded] = useState(false);
  const ordered = citedFirst(sources, cited);
  const citedCount = ordered.filter((s) => cited.has(s.n)).length;
  // Before the answer cites anything, every source is worth a look.
  const shown = expanded || citedCount === 0 ? ordered : ordered.slice(0, citedCount);
  const folded = sources.length - citedCount;
  return (
    <section className="glance" aria-label="Cited sources">
      <ul className="glance-list">
        {shown.map((source) => {
          const domain = source.source || domainOf(source.url);
          return (
            <li key={source.n}>
              <button
                type="button"
                className={cited.has(source.n) ? 'glance-source' : 'glance-source uncited'}
                data-n={source.n}
                title={source.title || source.url}
                onClick={() => void open(readerTargetOf(source))}
              >
                <SiteBadge domain={domain} />
                <span className="glance-n">{source.n}</span>
                <span className="glance-domain">{domain}</span>
                <span className="visually-hidden">, {source.title}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {citedCount > 0 && folded > 0 && (
        <button type="button" className="glance-more" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Fewer' : `${folded} more`}
        </button>
      )}
    </section>
  );
}
