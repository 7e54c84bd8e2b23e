import type { SettingsApi } from '../shared/api';
import { SettingsPatchSchema, SettingsSchema, type Settings, type SettingsPatch } from '../shared/settings-contract';
import { loadSettings, saveSettings } from './settings';
import { validationError } from './validation';

/**
 * The settings of a running Lantern: read from settings.json once, changed through the API
 * (saved, then applied). The parts that depend on a setting read `current()` on every call, so a
 * change takes effect at the next search or fetch without a restart.
 */
export class SettingsService implements SettingsApi {
  private settings: Settings | undefined;

  constructor(private readonly dataDir: string) {}

  /**
   * The settings in force. A settings file that does not parse fails here, at the first use,
   * not at start: `reset` and the history must still work so the person can repair it.
   */
  current(): Settings {
    this.settings ??= loadSettings(this.dataDir);
    return this.settings;
  }

  async get(): Promise<Settings> {
    return this.current();
  }

  async update(input: SettingsPatch): Promise<Settings> {
    const parsed = SettingsPatchSchema.safeParse(input);
    if (!parsed.success) throw validationError('settings change', parsed.error);
    const { search: searchPatch, fetch: fetchPatch, llm: llmPatch, desktop: desktopPatch, ...rest } = parsed.data;
    const current = this.current();
    const search = { ...current.search, ...searchPatch };
    if (search.lang === null) delete search.lang;
    if (search.region === null) delete search.region;
    const fetch = { ...current.fetch, ...fetchPatch };
    // null in the patch removes the key: the saved file then has no such key at all.
    if (fetch.proxy === null) delete fetch.proxy;
    const llm = { ...current.llm, ...llmPatch };
    if (llm.baseUrl === null) delete llm.baseUrl;
    if (llm.model === null) delete llm.model;
    return this.replace(SettingsSchema.parse({ ...current, ...rest, search, fetch, llm, desktop: { ...current.desktop, ...desktopPatch } }));
  }

  async reset(): Promise<Settings> {
    return this.replace(SettingsSchema.parse({}));
  }

  private replace(settings: Settings): Settings {
    saveSettings(this.dataDir, settings);
    this.settings = settings;
    return settings;
  }
}
