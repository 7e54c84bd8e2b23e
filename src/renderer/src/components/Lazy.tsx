/**
 * The parts of the UI that are not on the first screen, loaded when first shown: the settings,
 * the reader, and the Markdown stack (react-markdown, remark-gfm, micromark: the largest part of
 * the renderer after React). The first screen does not wait for their code; each shows a line of
 * its own while it arrives. Budget and figures: docs/benchmarks.md, "Renderer bundle".
 */
import { lazy, Suspense } from 'react';
import { useReader } from '../stores/reader-store';
import type { AnswerMarkdownProps } from './Markdown';

const loadMarkdown = () => import('./Markdown');
const LazyAnswerMarkdown = lazy(() => loadMarkdown().then((module) => ({ default: module.AnswerMarkdown })));
const LazyInlineMarkdown = lazy(() => loadMarkdown().then((module) => ({ default: module.InlineMarkdown })));
const LazyReader = lazy(() => import('./Reader').then((module) => ({ default: module.Reader })));
const LazyLibraryScreen = lazy(() => import('./LibraryScreen').then((module) => ({ default: module.LibraryScreen })));
const LazySettingsScreen = lazy(() =>
  import('./SettingsScreen').then((module) => ({ default: module.SettingsScreen })),
);

/**
 * Fetches the Markdown stack once the page is idle: every answer needs it, so the first one
 * should find it there rather than wait for it.
 */
export function preloadMarkdown(): void {
  void loadMarkdown();
}

/** Until the stack arrives the answer shows as its plain text. */
export function AnswerMarkdown(props: AnswerMarkdownProps): React.JSX.Element {
  return (
    <Suspense fallback={<p>{props.text}</p>}>
      <LazyAnswerMarkdown {...props} />
    </Suspense>
  );
}

/** A quote or tooltip line: until the stack arrives, its text without emphasis markers. */
export function InlineMarkdown({ text }: { text: string }): React.JSX.Element {
  return (
    <Suspense fallback={<>{text.replace(/\*\*|`/g, '')}</>}>
      <LazyInlineMarkdown text={text} />
    </Suspense>
  );
}

/** The reader's code loads when a source is first opened, not before. */
export function Reader(): React.JSX.Element | null {
  const open = useReader((state) => state.target !== undefined);
  if (!open) return null;
  return (
    <Suspense
      fallback={
        <aside className="reader" aria-label="Reader">
          <Opening what="reader" />
        </aside>
      }
    >
      <LazyReader />
    </Suspense>
  );
}

export function SettingsScreen(): React.JSX.Element {
  return (
    <Suspense fallback={<Opening what="settings" />}>
      <LazySettingsScreen />
    </Suspense>
  );
}

export function LibraryScreen(): React.JSX.Element {
  return (
    <Suspense fallback={<Opening what="library" />}>
      <LazyLibraryScreen />
    </Suspense>
  );
}

/** The line a part shows while its code arrives. */
function Opening({ what }: { what: string }): React.JSX.Element {
  return (
    <p className="status" role="status">
      Opening the {what}…
    </p>
  );
}
