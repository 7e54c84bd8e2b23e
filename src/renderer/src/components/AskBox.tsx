import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { EngineChoice, TimeRange } from '../../../shared/contract';
import { ENGINE_IDS, TIME_RANGES } from '../../../shared/search-options';
import { client } from '../client';
import { pastedUrl } from '../lib/pasted-url';
import { usePrefs, type AskMode } from '../stores/prefs-store';
import { useReader } from '../stores/reader-store';
import { useRun } from '../stores/run-store';

const ENGINE_NAMES: Record<string, string> = {
  auto: 'Engines: as in settings',
  google: 'Google',
  bing: 'Bing',
  duckduckgo: 'DuckDuckGo',
  baidu: 'Baidu',
  brave: 'Brave',
  all: 'All engines, fused',
};
const MODE_NAMES: Record<AskMode, string> = { answer: 'Answer', deep: 'Deep research', results: 'Results only' };
/** Deep research first proposes a plan to edit; it searches once the plan is started. */
const SUBMIT: Record<AskMode, string> = { answer: 'Ask', deep: 'Plan', results: 'Search' };
/** Where an answer or a deep research looks; offered once the library holds a document. */
const SCOPE_NAMES: Record<string, string> = {
  auto: 'Web and your library',
  web: 'Web only',
  library: 'Your library only',
};
const TIME_NAMES: Record<string, string> = {
  any: 'Any time',
  day: 'Past day',
  week: 'Past week',
  month: 'Past month',
  year: 'Past year',
};

/** The question box: Enter asks, Ctrl/Cmd+K focuses it from anywhere, Esc stops the running answer. `threadId`: the next question follows up that thread. */
export function AskBox({ threadId }: { threadId?: number | undefined }): React.JSX.Element {
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const prefs = usePrefs();
  const running = useRun((state) => state.run?.status === 'running');
  const ask = useRun((state) => state.ask);
  const [hasLibrary, setHasLibrary] = useState(false);
  useEffect(() => {
    client.library.list({ limit: 1 }).then(
      (list) => setHasLibrary(list.total > 0),
      () => setHasLibrary(false),
    );
  }, []);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent): void => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        input.current?.focus();
        input.current?.select();
      } else if (event.key === 'Escape' && useRun.getState().run?.status === 'running') {
        event.preventDefault();
        useRun.getState().cancel();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const submit = (event?: FormEvent): void => {
    event?.preventDefault();
    if (!text.trim()) return;
    const url = pastedUrl(text);
    // A pasted address is read in the reader, never searched for as words.
    if (url) void useReader.getState().open({ url, title: url });
    // In the thread on screen, if there is one (the store knows it).
    else void ask(text);
    // The question now heads the run; the box is ready for the next one.
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    // Enter asks; Shift+Enter is a new line for a long question.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  return (
    <form className="ask" role="search" aria-label="Ask Lantern" onSubmit={submit}>
      <div className="ask-row">
        <label htmlFor="ask-input" className="visually-hidden">
          {threadId === undefined ? 'Question' : 'Follow-up question'}
        </label>
        <textarea
          id="ask-input"
          ref={input}
          rows={1}
          autoFocus
          placeholder={
            threadId === undefined ? 'Ask a question or paste a link… (Ctrl+K)' : 'Ask a follow-up… (Ctrl+K)'
          }
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {running ? (
          <button type="button" className="button stop" onClick={() => useRun.getState().cancel()}>
            Stop <kbd>Esc</kbd>
          </button>
        ) : (
          <button type="submit" className="button primary" disabled={!text.trim()}>
            {pastedUrl(text) ? 'Read' : SUBMIT[prefs.mode]}
          </button>
        )}
      </div>
      <div className="ask-options">
        <div className="segmented" role="radiogroup" aria-label="Mode">
          {(['answer', 'deep', 'results'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              role="radio"
              aria-checked={prefs.mode === mode}
              className={prefs.mode === mode ? 'selected' : ''}
              onClick={() => prefs.set({ mode })}
            >
              {MODE_NAMES[mode]}
            </button>
          ))}
        </div>
        <label className="visually-hidden" htmlFor="ask-engine">
          Engine
        </label>
        <select
          id="ask-engine"
          value={prefs.engine}
          onChange={(event) => prefs.set({ engine: event.target.value as EngineChoice | 'auto' })}
        >
          {['auto', ...ENGINE_IDS, 'all'].map((engine) => (
            <option key={engine} value={engine}>
              {ENGINE_NAMES[engine] ?? engine}
            </option>
          ))}
        </select>
        {prefs.mode !== 'results' && (hasLibrary || prefs.scope !== 'auto') && (
          <>
            <label className="visually-hidden" htmlFor="ask-scope">
              Sources
            </label>
            <select
              id="ask-scope"
              value={prefs.scope === 'both' ? 'auto' : prefs.scope}
              onChange={(event) => prefs.set({ scope: event.target.value as 'auto' | 'web' | 'library' })}
            >
              {['auto', 'web', 'library'].map((scope) => (
                <option key={scope} value={scope}>
                  {SCOPE_NAMES[scope]}
                </option>
              ))}
            </select>
          </>
        )}
        <label className="visually-hidden" htmlFor="ask-time">
          Time range
        </label>
        <select
          id="ask-time"
          value={prefs.timeRange}
          onChange={(event) => prefs.set({ timeRange: event.target.value as TimeRange | 'any' })}
        >
          {['any', ...TIME_RANGES].map((range) => (
            <option key={range} value={range}>
              {TIME_NAMES[range]}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
