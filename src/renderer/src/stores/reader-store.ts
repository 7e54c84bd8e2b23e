/** The page open in the reader: which one (and which quote), and its fetched text. */
import { create } from 'zustand';
import type { ErrorInfo } from '../../../shared/contract';
import { toErrorInfo } from '../../../shared/errors';
import { isFetchBatch } from '../../../shared/fetch-batch';
import type { FetchPage } from '../../../shared/fetch-contract';
import { client } from '../client';

export interface ReaderTarget {
  url: string;
  title: string;
  /** The cited passage to highlight, with its [start, end) range in the page's markdown. */
  quote?: string | undefined;
  range?: [number, number] | undefined;
  n?: number | undefined;
}

interface ReaderStore {
  target?: ReaderTarget | undefined;
  page?: FetchPage | undefined;
  error?: ErrorInfo | undefined;
  loading: boolean;
  open(target: ReaderTarget): Promise<void>;
  close(): void;
}

/** Enough for a long article; the citation ranges count from the start of the same text. */
const READER_CHARS = 200_000;
let generation = 0;
/**
 * What had focus when the reader opened (a citation, a source card): focus goes back there on
 * close. By its label and place among controls with that label too, since the answer's chips are
 * built anew when the screen changes and the element itself may be gone by then.
 */
interface Opener {
  element: HTMLElement;
  label: string | null;
  index: number;
}
let opener: Opener | undefined;

const labelled = (label: string): HTMLElement[] => [
  ...document.querySelectorAll<HTMLElement>(`[aria-label="${CSS.escape(label)}"]`),
];

function rememberOpener(): Opener | undefined {
  const element = document.activeElement;
  if (!(element instanceof HTMLElement) || element === document.body) return undefined;
  const label = element.getAttribute('aria-label');
  return { element, label, index: label === null ? -1 : labelled(label).indexOf(element) };
}

function returnFocus(to: Opener): void {
  // After the screen without the reader is drawn; only if focus fell to the page (the closed
  // reader had it), never away from a control the person has moved to since.
  requestAnimationFrame(() => {
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    const target = to.element.isConnected ? to.element : to.label === null ? undefined : labelled(to.label)[to.index];
    target?.focus();
  });
}

export const useReader = create<ReaderStore>((set, get) => ({
  loading: false,
  async open(target) {
    const own = ++generation;
    if (!get().target) opener = rememberOpener();
    set({ target, page: undefined, error: undefined, loading: true });
    try {
      // A library document (its citations carry its file URL) is read from the library's index, never fetched.
      if (target.url.startsWith('file:')) {
        const page = await client.library.read({ url: target.url });
        if (own === generation) set({ page, loading: false });
        return;
      }
      const response = await client.fetch({ url: target.url, maxChars: READER_CHARS });
      if (own !== generation) return;
      if (isFetchBatch(response)) {
        const first = response.results[0];
        if (!first) throw new Error('The page came back empty.');
        if (!first.ok) return set({ error: first.error, loading: false });
        return set({ page: first.page, loading: false });
      }
      set({ page: response, loading: false });
    } catch (error) {
      if (own === generation) set({ error: toErrorInfo(error), loading: false });
    }
  },
  close() {
    generation++;
    set({ target: undefined, page: undefined, error: undefined, loading: false });
    if (opener) returnFocus(opener);
    opener = undefined;
  },
}));
