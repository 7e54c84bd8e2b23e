import { watch, type FSWatcher } from 'node:fs';
import { basename } from 'node:path';
import type { SettingsApi } from '../../shared/api';
import { SettingsPatchSchema, SettingsSchema, type Settings, type SettingsPatch } from '../../shared/settings-contract';
import { loadSettings, saveSettings, settingsPath } from './settings';
import { validationError } from '../common/validation';

/** How long the file must be still before it is read again: an editor's save is often several writes. */
const SETTLE_MS = 50;

/**
 * The settings of a running Lantern: read from settings.json once, changed through the API
 * (saved, then applied) or in the file by another process (`lantern settings set` beside a
 * running server, or a person's editor), which `follow()` picks up. The parts that depend on a
 * setting read `current()` on every call, so a change takes effect at the next search or fetch
 * without a restart.
 */
export class SettingsService implements SettingsApi {
  private settings: Settings | undefined;

  constructor(private readonly dataDir: string) {}

  /**
   * Follows settings.json: a valid new file replaces the settings in force; one that does not
   * parse or validate is refused — the settings in force stay, and `onRefused` says why. Watches
   * the directory, not the file, because a save replaces the file (write, then rename), which
   * ends a watch on the old file. The watcher never keeps the process alive. Returns the stop.
   */
  follow(onRefused: (message: string) => void = () => undefined): () => void {
    const file = basename(settingsPath(this.dataDir));
    let settle: NodeJS.Timeout | undefined;
    const reload = (): void => {
      try {
        this.settings = loadSettings(this.dataDir);
      } catch (error) {
        onRefused(
          `settings.json was changed but cannot be used, so the settings in force stay: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    };
    let watcher: FSWatcher;
    try {
      watcher = watch(this.dataDir, { persistent: false }, (_event, name) => {
        if (name !== file) return;
        clearTimeout(settle);
        settle = setTimeout(reload, SETTLE_MS);
        settle.unref();
      });
    } catch (error) {
      onRefused(
        `settings.json is not followed (changes made by other processes apply after a restart): ${error instanceof Error ? error.message : String(error)}`,
      );
      return () => undefined;
    }
    // A watch that breaks later (the directory removed) must not become an uncaught error.
    watcher.on('error', () => watcher.close());
    return () => {
      clearTimeout(settle);
      watcher.close();
    };
  }

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
    const {
      search: searchPatch,
      sources: sourcesPatch,
      fetch: fetchPatch,
      llm: llmPatch,
      desktop: desktopPatch,
      mcp: mcpPatch,
      ...rest
    } = parsed.data;
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
