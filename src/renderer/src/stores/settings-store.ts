/** The server's settings as last read or saved; the settings screen edits a draft of its own. */
import { create } from 'zustand';
import type { ErrorInfo } from '../../../shared/contract';
import { toErrorInfo } from '../../../shared/errors';
import type { Settings, SettingsPatch } from '../../../shared/settings-contract';
import { client } from '../client';

interface SettingsStore {
  settings?: Settings | undefined;
  error?: ErrorInfo | undefined;
  saving: boolean;
  /** When the last change was saved (for the "Saved" note). */
  savedAt?: number | undefined;
  load(): Promise<void>;
  update(patch: SettingsPatch): Promise<boolean>;
  reset(): Promise<void>;
}

export const useSettings = create<SettingsStore>((set) => ({
  saving: false,
  async load() {
    try {
      set({ settings: await client.settings.get(), error: undefined });
    } catch (error) {
      set({ error: toErrorInfo(error) });
    }
  },
  async update(patch) {
    set({ saving: true });
    try {
      set({ settings: await client.settings.update(patch), error: undefined, saving: false, savedAt: Date.now() });
      return true;
    } catch (error) {
      set({ error: toErrorInfo(error), saving: false });
      return false;
    }
  },
  async reset() {
    set({ saving: true });
    try {
      set({ settings: await client.settings.reset(), error: undefined, saving: false, savedAt: Date.now() });
    } catch (error) {
      set({ error: toErrorInfo(error), saving: false });
    }
  },
}));
