import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { AnswerResponse } from '../../../shared/answer-contract';
import { formatAnswerText } from '../../../shared/format/answer-text';
import { useCopy } from '../lib/clipboard';
import type { AskMode } from '../stores/prefs-store';
import { useRun } from '../stores/run-store';
import './thread.css';

/**
 * A turn's question: a heading (the thread's first question is the page's h1), the standalone
 * query it searched for when that differs, and "Edit": the question in a box, asked again once
 * changed in the turn's mode (an answer as a new turn at the end of the same thread, a search as
 * a search of its own).
 */
export function TurnQuestion({
  question,
  searchedFor,
  mode,
  first,
}: {
  question: string;
  searchedFor?: string | undefined;
  mode: AskMode;
  first: boolean;
}): React.JSX.Element {
  const [editing, setEditing] = useState(false);
  const Heading = first ? 'h1' : 'h2';
  return (
    <header className="turn-head">
      {editing ? (
        <EditQuestion question={question} mode={mode} onDone={() => setEditing(false)} />
      ) : (
        <div className="turn-title">
          <Heading className={first ? 'question' : 'question turn-question'}>{question}</Heading>
          <button
            type="button"
            className="icon-button"
            aria-label={`Edit the question “${question}”`}
            onClick={() => setEditing(true)}
          >
            Edit
          </button>
        </div>
      )}
      {searchedFor !== undefined && searchedFor.trim() !== '' && searchedFor.trim() !== question.trim() && (
        <p className="searched-for">
          Searched for: <q>{searchedFor}</q>
        </p>
      )}
    </header>
  );
}

function EditQuestion({
  question,
  mode,
  onDone,
}: {
  question: string;
  mode: AskMode;
  onDone: () => void;
}): React.JSX.Element {
  const [text, setText] = useState(question);
  const box = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const ask = useRun((state) => state.ask);
  useEffect(() => {
    box.current?.focus();
    box.current?.select();
  }, []);
  const submit = (event?: FormEvent): void => {
    event?.preventDefault();
    if (!text.trim()) return;
    onDone();
    void ask(text, { mode });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
    else if (event.key === 'Escape') {
      // Esc leaves the edit, and nothing else (the reader, a running answer) hears it.
      event.stopPropagation();
      onDone();
    }
  };
  return (
    <form className="edit-question" aria-label="Edit the question" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        Edited question
      </label>
      <textarea
        id={id}
        ref={box}
        rows={2}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="edit-actions">
        <button type="submit" className="button small primary" disabled={!text.trim()}>
          Ask again
        </button>
        <button type="button" className="button small" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * What can be done with an answer: copy it (Markdown, its sources listed after it, as
 * `lantern ask` prints it) and regenerate it (the same question asked again in the same thread,
 * as a new turn at the end of it).
 */
export function TurnActions({
  answer,
  question,
}: {
  answer: Pick<AnswerResponse, 'answer' | 'sources'>;
  question: string;
}): React.JSX.Element {
  const ask = useRun((state) => state.ask);
  const { copy, said } = useCopy();
  return (
    <div className="turn-actions">
      <button type="button" className="button small" onClick={() => copy(formatAnswerText(answer))}>
        Copy answer
      </button>
      <button type="button" className="button small" onClick={() => void ask(question, { mode: 'answer' })}>
        Regenerate
      </button>
      <span role="status" className="muted">
        {said}
      </span>
    </div>
  );
}
