/** The history sidebar: threads, the full-text search over them and the pages read, and the thread on screen. */
import { create } from 'zustand';
import type { ErrorInfo } from '../../../shared/contract';
import { toErrorInfo } from '../../../shared/errors';
import type { FullTextHit, Thread, ThreadSummary } from '../../../shared/history-contract';
import { client } from '../client';

interface HistoryStore {
  threads: ThreadSummary[];
  loaded: boolean;
  error?: ErrorInfo | undefined;
  searchText: string;
  hits?: FullTextHit[] | undefined;
  searching: boolean;
  /** The past thread shown in the main pane, when one is open. */
  open?: Thread | undefined;
  refresh(): Promise<void>;
  search(text: string): Promise<void>;
  show(id: number): Promise<void>;
  closeThread(): void;
  remove(id: number): Promise<void>;
  exportMarkdown(id: number): Promise<{ title: string; markdown: string }>;
}

let searchGeneration = 0;

export const useHistory = create<HistoryStore>((set, get) => ({
  threads: [],
  loaded: false,
  searchText: '',
  searching: false,
  async refresh() {
    try {
      const threads = await client.history.list({ limit: 200 });
      set({ threads, loaded: true, error: undefined });
    } catch (error) {
      set({ error: toErrorInfo(error), loaded: true });
    }
  },
  async search(text) {
    const own = ++searchGeneration;
    set({ searchText: text });
    if (!text.trim()) return set({ hits: undefined, searching: false });
    set({ searching: true });
    try {
      const hits = await client.history.search({ text, scope: 'all', limit: 30 });
      if (own === searchGeneration) set({ hits, searching: false, error: undefined });
    } catch (error) {
      if (own === searchGeneration) set({ error: toErrorInfo(error), searching: false });
    }
  },
  async show(id) {
    try {
      set({ open: await client.history.get({ id }), error: undefined });
    } catch (error) {
      set({ error: toErrorInfo(error) });
    }
  },
  closeThread() {
    set({ open: undefined });
  },
  async remove(id) {
    try {
      await client.history.delete({ id });
      if (get().open?.id === id) set({ open: undefined });
      await get().refresh();
      if (get().searchText) await get().search(get().searchText);
    } catch (error) {
      set({ error: toErrorInfo(error) });
    }
  },
  async exportMarkdown(id) {
    const exported = await client.history.export({ id });
    return { title: exported.title, markdown: exported.markdown };
  },
}));
