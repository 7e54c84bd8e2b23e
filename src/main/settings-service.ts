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
    if (!parsed.success) throw validationError('settings change', parsed.error, input);
    const { search: searchPatch, sources: sourcesPatch, fetch: fetchPatch, llm: llmPatch, desktop: desktopPatch, mcp: mcpPatch, ...rest } = parsed.data;
    const current = this.current();
    return this.replace(
      SettingsSchema.parse({
        ...current,
        ...rest,
        search: patched(current.search, searchPatch),
        sources: patched(current.sources, sourcesPatch),
        fetch: patched(current.fetch, fetchPatch),
        llm: patched(current.llm, llmPatch),
        desktop: patched(current.desktop, desktopPatch),
        mcp: patched(current.mcp, mcpPatch),
      }),
    );
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

/**
 * A section of the settings with its part of a patch applied. A null in the patch removes the key
 * (`fetch.proxy`, `llm.baseUrl`, `llm.model`, `search.lang`, `search.region`): the saved file then
 * has no such key at all.
 */
function patched<Section extends object>(section: Section, patch: object | undefined): Section {
  const merged = { ...section, ...patch } as Record<string, unknown>;
  for (const [key, value] of Object.entries(merged)) if (value === null) delete merged[key];
  return merged as Section;
}
