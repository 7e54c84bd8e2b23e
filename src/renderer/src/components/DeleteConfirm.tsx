import { useEffect, useRef } from 'react';
import './history-actions.css';

/**
 * "Delete “<the thread's title>”?" over the history row it belongs to (laid over it, so nothing around it
 * moves), with a way back: Keep, or Escape, returns focus to the row's delete button.
 */
export function DeleteConfirm({
  title,
  onDelete,
  onCancel,
}: {
  title: string;
  onDelete: () => void;
  onCancel: () => void;
}): React.JSX.Element {
  const keep = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    keep.current?.focus();
  }, []);
  const cancel = (): void => {
    const opener = box.current?.parentElement?.querySelector<HTMLButtonElement>(
      '.thread-actions button[aria-expanded]',
    );
    onCancel();
    opener?.focus();
  };
  return (
    <div
      ref={box}
      className="delete-confirm"
      role="group"
      aria-label={`Delete “${title}”?`}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // The reader's Escape must not also act on this.
        event.stopPropagation();
        cancel();
      }}
    >
      {/* The thread named: the confirmation covers its row. */}
      <span className="delete-question">
        Delete <q className="delete-title">{title}</q>?
      </span>
      <button type="button" className="button small danger" onClick={onDelete}>
        Delete
      </button>
      <button ref={keep} type="button" className="button small" onClick={cancel}>
        Keep
      </button>
    </div>
  );
}
