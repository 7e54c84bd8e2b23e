import { useEffect, useRef, useState } from 'react';
import { AskBox } from './components/AskBox';
import { CaptchaBanner } from './components/CaptchaBanner';
import { ErrorBox } from './components/ErrorBox';
import { HistorySidebar } from './components/HistorySidebar';
import { ModelFoundNotice } from './components/ModelFoundNotice';
import { LibraryScreen, Reader, SettingsScreen } from './components/Lazy';
import { ThreadView } from './components/ThreadView';
import { pathsOfFiles } from './client';
import { useCaptcha } from './stores/captcha-store';
import { useHistory } from './stores/history-store';
import { useReader } from './stores/reader-store';
import { useThreadAddress } from './lib/thread-address';
import { usePrefs } from './stores/prefs-store';
import { useRun } from './stores/run-store';
import { useSettings } from './stores/settings-store';
import { useView } from './stores/view-store';

/** The width below which the history is a drawer (styles.css's narrow layout). */
const NARROW = '(max-width: 900px)';

const EXAMPLES = [
  'How much caffeine is in a shot of espresso?',
  'What is the difference between green and black tea?',
  'How do I roast coffee at home?',
];

function Welcome(): React.JSX.Element {
  const ask = useRun((state) => state.ask);
  return (
    <section className="welcome" aria-label="Getting started">
      <h1>What do you want to find out?</h1>
      <p>
        Lantern searches the web in a real browser, reads the pages, and answers with numbered citations you can check:
        hover or focus a{' '}
        <span className="chip chip-supported demo" aria-hidden="true">
          1
        </span>{' '}
        to see the quote it rests on.
      </p>
      <div className="chips">
        {EXAMPLES.map((example) => (
          <button key={example} type="button" className="follow-up" onClick={() => void ask(example)}>
            {example}
          </button>
        ))}
      </div>
    </section>
  );
}

export function App(): React.JSX.Element {
  const run = useRun((state) => state.run);
  const threadId = useRun((state) => state.threadId);
  const hasTurns = useRun((state) => state.run !== undefined || state.earlier.length > 0);
  const opening = useRun((state) => state.opening);
  const openError = useRun((state) => state.openError);
  const mode = usePrefs((state) => state.mode);
  const screen = useView((state) => state.screen);
  const show = useView((state) => state.show);
  const readerOpen = useReader((state) => state.target !== undefined);
  const historyError = useHistory((state) => state.error);
  const signedOut = historyError?.code === 'UNAUTHORIZED';
  useThreadAddress();
  // On a narrow window the history is a drawer, modal: the rest of the page is inert while it is
  // open (focus stays in it), and closing it gives focus back to its button once that is no
  // longer inert.
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const closeDrawer = (): void => setDrawerOpen(false);
  useEffect(() => {
    if (wasOpen.current && !drawerOpen) drawerButton.current?.focus();
    wasOpen.current = drawerOpen;
  }, [drawerOpen]);
  // A window widened past the drawer's width shows the history beside the page: no drawer to keep open.
  useEffect(() => {
    const narrow = window.matchMedia(NARROW);
    const onChange = (): void => {
      if (!narrow.matches) setDrawerOpen(false);
    };
    narrow.addEventListener('change', onChange);
    return () => narrow.removeEventListener('change', onChange);
  }, []);
  // The reader belongs to the research screen: leaving it closes the page.
  useEffect(() => {
    if (screen !== 'research') useReader.getState().close();
  }, [screen]);

  // A failed run may be an engine waiting for a person: the banner asks them.
  const failedRun = run?.status === 'failed' ? run.id : undefined;
  useEffect(() => {
    void useCaptcha.getState().refresh();
    // The engine order, for the error's "another engine" (the settings screen may not have loaded it).
    if (failedRun !== undefined && !useSettings.getState().settings) void useSettings.getState().load();
  }, [failedRun]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape' && useRun.getState().run?.status !== 'running' && useReader.getState().target)
        useReader.getState().close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (signedOut) {
    // Nothing else can work until the browser signs in: say only that, and how.
    return (
      <div className="signed-out">
        <Brand />
        <main>
          <ErrorBox error={historyError} onRetry={() => window.location.reload()} retryLabel="Reload" />
        </main>
      </div>
    );
  }

  return (
    <div
      className={`layout${readerOpen ? ' with-reader' : ''}`}
      // Files dropped anywhere go to the Library; anything else dropped is left to the page.
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes('Files')) event.preventDefault();
      }}
      onDrop={(event) => {
        if (event.dataTransfer.files.length === 0) return;
        event.preventDefault();
        const files = [...event.dataTransfer.files];
        const paths = pathsOfFiles?.(files) ?? [];
        // A folder is a File without bytes to a page; only its entry says it is a folder (read now: the items live as long as the event).
        const entries = [...event.dataTransfer.items].filter((item) => item.kind === 'file');
        const isFolder = files.map((_, i) => entries[i]?.webkitGetAsEntry()?.isDirectory === true);
        useView.getState().dropOnLibrary({
          paths,
          files: files.filter((_, i) => !isFolder[i]),
          folders: isFolder.filter(Boolean).length,
        });
      }}
    >
      <a className="skip-link" href="#ask-input" inert={drawerOpen}>
        Skip to the question
      </a>
      <header className="topbar" inert={drawerOpen}>
        <button
          ref={drawerButton}
          type="button"
          className="button small drawer-toggle"
          aria-expanded={drawerOpen}
          aria-controls="history-drawer"
          onClick={() => setDrawerOpen(!drawerOpen)}
        >
          History
        </button>
        <Brand />
        <nav aria-label="Screens" className="screens">
          <button
            type="button"
            className={screen === 'research' ? 'tab selected' : 'tab'}
            aria-current={screen === 'research' ? 'page' : undefined}
            onClick={() => show('research')}
          >
            Research
          </button>
          <button
            type="button"
            className={screen === 'library' ? 'tab selected' : 'tab'}
            aria-current={screen === 'library' ? 'page' : undefined}
            onClick={() => show('library')}
          >
            Library
          </button>
          <button
            type="button"
            className={screen === 'settings' ? 'tab selected' : 'tab'}
            aria-current={screen === 'settings' ? 'page' : undefined}
            onClick={() => show('settings')}
          >
            Settings
          </button>
        </nav>
      </header>
      <HistorySidebar drawerOpen={drawerOpen} onClose={closeDrawer} />
      {drawerOpen && <div className="drawer-backdrop" aria-hidden="true" onClick={closeDrawer} />}
      <main className="main" inert={drawerOpen}>
        {screen === 'settings' ? (
          <SettingsScreen />
        ) : screen === 'library' ? (
          <LibraryScreen />
        ) : (
          <>
            <CaptchaBanner />
            <ModelFoundNotice />
            {/* An answer or a deep research continues the thread on screen; results only start their own. */}
            <AskBox threadId={mode === 'results' ? undefined : threadId} />
            {opening ? (
              <p className="muted" role="status">
                Opening the thread…
              </p>
            ) : openError ? (
              <ErrorBox error={openError} />
            ) : hasTurns ? (
              <ThreadView />
            ) : (
              <Welcome />
            )}
          </>
        )}
      </main>
      <div className="reader-slot" inert={drawerOpen}>
        <Reader />
      </div>
    </div>
  );
}

function Brand(): React.JSX.Element {
  return (
    <span className="brand">
      <span className="logo" aria-hidden="true">
        ◉
      </span>{' '}
      Lantern
    </span>
  );
}
