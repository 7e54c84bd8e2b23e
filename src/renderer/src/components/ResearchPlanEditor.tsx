import { useId, useRef, useState } from 'react';
import type { ResearchPlan } from '../../../shared/research-contract';
import { DEFAULT_RESEARCH_PAGES, DEFAULT_RESEARCH_TIME_MS, MAX_SUB_QUESTIONS } from '../../../shared/research-limits';
import { useRun } from '../stores/run-store';

/** The contract's bound on one sub-question (research-contract.ts). */
const MAX_LENGTH = 300;

interface Item {
  key: number;
  text: string;
}

/**
 * The plan before anything is searched: its sub-questions, each a section of the report, to
 * edit, remove or add to (at most MAX_SUB_QUESTIONS), and the budget the run keeps to. "Start
 * research" runs it as the person left it: an empty line is no sub-question.
 */
export function ResearchPlanEditor({
  plan,
  edited,
}: {
  plan: ResearchPlan;
  edited?: string[] | undefined;
}): React.JSX.Element {
  const start = useRun((state) => state.startResearch);
  const editPlan = useRun((state) => state.editPlan);
  const id = useId();
  const nextKey = useRef(0);
  const item = (text: string): Item => ({ key: nextKey.current++, text });
  // As the person left them before a reload, else as planned.
  const [items, setItemsHere] = useState<Item[]>(() =>
    (edited ?? plan.subQuestions).slice(0, MAX_SUB_QUESTIONS).map(item),
  );
  const setItems = (next: Item[]): void => {
    setItemsHere(next);
    editPlan(next.map((entry) => entry.text));
  };
  // A sub-question just added is where the person types next.
  const [added, setAdded] = useState<number>();
  const kept = items.map((entry) => entry.text.trim()).filter((text) => text !== '');
  const change = (key: number, text: string): void =>
    setItems(items.map((entry) => (entry.key === key ? { ...entry, text } : entry)));
  const add = (): void => {
    const fresh = item('');
    setItems([...items, fresh]);
    setAdded(fresh.key);
  };
  return (
    <section className="research-plan" aria-label="Research plan">
      <h2 className="section-title">Plan</h2>
      <p className="hint">
        {plan.plannedBy === 'llm'
          ? 'The model proposed these sub-questions.'
          : 'These sub-questions come from the question and what the results page suggests.'}{' '}
        Each one is searched and becomes a section of the report: edit, remove or add (up to {MAX_SUB_QUESTIONS}) before
        you start.
        {plan.llmError && ' The model could not be reached, so the plan was made without it.'}
      </p>
      <ol className="plan-items">
        {items.map((entry, i) => (
          <li key={entry.key}>
            <div className="plan-item">
              <label className="visually-hidden" htmlFor={`${id}-${entry.key}`}>
                Sub-question {i + 1}
              </label>
              <textarea
                id={`${id}-${entry.key}`}
                rows={1}
                value={entry.text}
                maxLength={MAX_LENGTH}
                autoFocus={entry.key === added}
                onChange={(event) => change(entry.key, event.target.value)}
                // One line each: Enter would only break the sub-question in two.
                onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
              />
              <button
                type="button"
                className="button small"
                aria-label={`Remove sub-question ${i + 1}${entry.text.trim() ? `: ${entry.text.trim()}` : ''}`}
                onClick={() => setItems(items.filter((other) => other.key !== entry.key))}
              >
                Remove
              </button>
            </div>
          </li>
        ))}
      </ol>
      <div className="plan-actions">
        <button type="button" className="button small" disabled={items.length >= MAX_SUB_QUESTIONS} onClick={add}>
          Add a sub-question
        </button>
        <button type="button" className="button primary" disabled={kept.length === 0} onClick={() => void start(kept)}>
          Start research
        </button>
        <span className="muted">
          Budget: up to {DEFAULT_RESEARCH_PAGES} pages, {Math.round(DEFAULT_RESEARCH_TIME_MS / 1000)} s of reading
        </span>
      </div>
    </section>
  );
}
