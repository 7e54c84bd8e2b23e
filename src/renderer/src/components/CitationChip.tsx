import { useId } from 'react';
import type { Citation } from '../../../shared/answer-contract';

export interface CitationChipProps {
  n: number;
  citation: Citation | undefined;
  source: { title: string; url: string; domain: string } | undefined;
  /** False while the answer is still being written: no verdict yet. */
  checked: boolean;
  onOpen: () => void;
}

/**
 * A `[n]` of the answer. Hover or keyboard focus shows its quote, the source and whether the
 * sentence is supported by it; an unsupported one is marked on the chip itself, not only in the
 * tip. Activating it opens the page in the reader with the quote highlighted.
 */
export function CitationChip({ n, citation, source, checked, onOpen }: CitationChipProps): React.JSX.Element {
  const tipId = useId();
  const verdict = !checked || !citation ? 'pending' : citation.supported ? 'supported' : 'unsupported';
  const label =
    verdict === 'supported' ? `Source ${n}, supported` : verdict === 'unsupported' ? `Source ${n}, not supported by the page` : `Source ${n}`;
  return (
    <span className="chip-wrap">
      <button type="button" className={`chip chip-${verdict}`} aria-label={label} aria-describedby={tipId} onClick={onOpen}>
        {n}
        {verdict === 'unsupported' && <span aria-hidden="true">?</span>}
      </button>
      <span role="tooltip" id={tipId} className="chip-tip">
        <span className={`verdict verdict-${verdict}`}>
          {verdict === 'supported' && '✓ Supported by the source'}
          {verdict === 'unsupported' && '⚠ Not supported: the page does not say this'}
          {verdict === 'pending' && (checked ? 'Not checked' : 'Checking…')}
        </span>
        {citation?.quote ? <span className="tip-quote">“{citation.quote}”</span> : checked && <span className="tip-quote">No matching passage was found on the page.</span>}
        {source && (
          <span className="tip-source">
            [{n}] {source.title} · {source.domain}
          </span>
        )}
        <span className="tip-hint">Enter opens it in the reader</span>
      </span>
    </span>
  );
}
