import { useEffect, useId, useRef, type ComponentType } from 'react';
import type { Citation } from '../../../shared/answer-contract';
import { chipLabel, readByModel, reasonOf, verdictLine, verdictOf } from '../lib/citation-check';

export interface CitationChipProps {
  n: number;
  citation: Citation | undefined;
  source: { title: string; url: string; domain: string } | undefined;
  /** False while the answer is still being written: no verdict yet. */
  checked: boolean;
  onOpen: () => void;
  /**
   * Renders the quote's inline Markdown: the Markdown view passes its own renderer, other views
   * the lazily loaded one (Lazy.tsx), so the chip imports neither and no module circle forms.
   */
  QuoteText: ComponentType<{ text: string }>;
}

/**
 * A `[n]` of the answer. Hover or keyboard focus shows its quote, the source and whether the
 * sentence is supported by it; an unsupported one is marked on the chip itself, not only in the
 * tip. Activating it opens the page in the reader with the quote highlighted.
 */
/**
 * The tip is centred under its chip; a chip near the edge of its pane would push it out of the
 * pane (clipped there, or off a phone's screen), so it is shifted back inside by the overflow.
 */
function keepTipInside(wrap: HTMLElement): void {
  const tip = wrap.querySelector<HTMLElement>('.chip-tip');
  if (!tip) return;
  tip.style.setProperty('--tip-shift', '0px');
  const pane = (wrap.closest('.main, .reader') ?? document.body).getBoundingClientRect();
  const box = tip.getBoundingClientRect();
  const margin = 8;
  const left = Math.max(pane.left, 0) + margin;
  const right = Math.min(pane.right, window.innerWidth) - margin;
  const shift = box.left < left ? left - box.left : box.right > right ? right - box.right : 0;
  tip.style.setProperty('--tip-shift', `${Math.round(shift)}px`);
}

export function CitationChip({
  n,
  citation,
  source,
  checked,
  onOpen,
  QuoteText,
}: CitationChipProps): React.JSX.Element {
  const tipId = useId();
  const wrap = useRef<HTMLSpanElement>(null);
  // A tip on show when the window changes size is placed again.
  useEffect(() => {
    const onResize = (): void => {
      if (wrap.current?.matches(':focus-within, :hover')) keepTipInside(wrap.current);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const verdict = verdictOf(citation, checked);
  // The style sheet's names: supported (found in full), unsupported (not found), partly, pending.
  const look = verdict === 'found' ? 'supported' : verdict === 'not-found' ? 'unsupported' : verdict;
  const byModel = readByModel(citation);
  const reason = verdict === 'found' ? undefined : reasonOf(citation);
  return (
    <span
      ref={wrap}
      className="chip-wrap"
      onFocus={(event) => keepTipInside(event.currentTarget)}
      onMouseEnter={(event) => keepTipInside(event.currentTarget)}
    >
      <button
        type="button"
        className={`chip chip-${look}`}
        aria-label={chipLabel(n, verdict, byModel)}
        aria-describedby={tipId}
        onClick={onOpen}
      >
        {n}
        {(verdict === 'not-found' || verdict === 'partly') && <span aria-hidden="true">?</span>}
      </button>
      <span role="tooltip" id={tipId} className="chip-tip">
        <span className={`verdict verdict-${look}`}>{verdictLine(verdict, checked, byModel)}</span>
        {reason && <span className="tip-reason">{reason}</span>}
        {citation?.quote ? (
          <span className="tip-quote">
            “<QuoteText text={citation.quote} />”
          </span>
        ) : (
          citation && checked && <span className="tip-quote">No matching passage was found on the page.</span>
        )}
        {source && (
          <span className="tip-source">
            [{n}] {source.title} · {source.domain}
          </span>
        )}
        <span className="tip-hint">Opens in the reader</span>
      </span>
    </span>
  );
}
