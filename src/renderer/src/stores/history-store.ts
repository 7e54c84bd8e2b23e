/** The history sidebar: threads and the full-text search over them and the pages read (the thread on screen is run-store.ts's). */
import { create } from 'zustand';
import type { ErrorInfo } from '../../../shared/contract';
import { toErrorInfo } from '../../../shared/errors';
import type { FullTextHit, ThreadSummary } from '../../../shared/history-contract';
import { client } from '../client';
import { useRun } from './run-store';

interface HistoryStore {
  threads: ThreadSummary[];
  loaded: boolean;
  error?: ErrorInfo | undefined;
  searchText: string;
  hits?: FullTextHit[] | undefined;
  searching: boolean;
  refresh(): Promise<void>;
  search(text: string): Promise<void>;
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
  async remove(id) {
    try {
      await client.history.delete({ id });
      if (useRun.getState().threadId === id) useRun.getState().clear();
      await get().refresh();
      if (get().searchText) await get().search(get().searchText);
    } catch (error) {
      set({ error: toErrorInfo(error) });
    }
  },
  async exportMarkdown(id) {
    const exported = await client.history.export({ id, format: 'markdown' });
    return { title: exported.title, markdown: exported.format === 'markdown' ? exported.markdown : '' };
  },
}));
