/**
 * "Save to library" for a page Lantern read (the reader, a source card): library.save by its
 * address, "Saving…" once the call takes longer than 300 ms, then "Saved to your library" or
 * the error in words. The button and what came of it are two pieces, so the reader can put the
 * words under its header while the button sits with its other actions. Nothing of the page's
 * text is shown here; the core keeps it.
 */
import { useEffect, useRef, useState } from 'react';
import type { ErrorInfo } from '../../../shared/contract';
import { toErrorInfo } from '../../../shared/errors';
import { client } from '../client';

/** How long a save may take before it says it is saving. */
const SHOW_PROGRESS_AFTER_MS = 300;

export type SaveState =
  { step: 'idle' } | { step: 'saving'; shown: boolean } | { step: 'saved' } | { step: 'failed'; error: ErrorInfo };

export function useSaveToLibrary(url: string): { state: SaveState; save: () => Promise<void> } {
  const [state, setState] = useState<SaveState>({ step: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const current = useRef(url);
  useEffect(() => {
    // Another page in the same place (the reader opening the next source) starts afresh.
    current.current = url;
    setState({ step: 'idle' });
    return () => clearTimeout(timer.current);
  }, [url]);

  const save = async (): Promise<void> => {
    const asked = url;
    const still = (): boolean => current.current === asked;
    setState({ step: 'saving', shown: false });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (still()) setState((now) => (now.step === 'saving' ? { step: 'saving', shown: true } : now));
    }, SHOW_PROGRESS_AFTER_MS);
    try {
      await client.library.save({ url: asked });
      if (still()) setState({ step: 'saved' });
    } catch (caught) {
      if (still()) setState({ step: 'failed', error: toErrorInfo(caught) });
    } finally {
      clearTimeout(timer.current);
    }
  };
  return { state, save };
}

export function SaveButton({
  state,
  save,
  label,
  className = 'button',
}: {
  state: SaveState;
  save: () => Promise<void>;
  /** The accessible name, where several pages' buttons share a screen ("Save to library (source 2)"). */
  label?: string;
  className?: string;
}): React.JSX.Element {
  return (
    <button
      type="button"
      className={className}
      disabled={state.step === 'saving'}
      aria-label={label}
      onClick={() => void save()}
    >
      Save to library
    </button>
  );
}

/** What came of the save: a live status (empty until there is something to say), or the error. */
export function SaveStatus({ state }: { state: SaveState }): React.JSX.Element {
  if (state.step === 'failed')
    return (
      <p role="alert" className="save-error">
        Not saved to your library: {state.error.message}
      </p>
    );
  return (
    <p role="status" className="save-status">
      {state.step === 'saving' && state.shown && 'Saving…'}
      {state.step === 'saved' && 'Saved to your library'}
    </p>
  );
}

/** Button and status together, as a source card shows them. */
export function SaveToLibrary({ url, label, className }: { url: string; label?: string; className?: string }) {
  const { state, save } = useSaveToLibrary(url);
  return (
    <span className="save-to-library">
      <SaveButton state={state} save={save} {...(label ? { label } : {})} {...(className ? { className } : {})} />
      <SaveStatus state={state} />
    </span>
  );
}
