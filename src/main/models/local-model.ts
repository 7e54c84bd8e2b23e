/**
 * Which GGUF file the built-in runtime answers with: the settings' model when the preset is
 * `local` (and the environment names no endpoint, which takes precedence as it does over every
 * preset). `llm.model` is a catalog id (its file in the models folder), a file name in the
 * models folder, or an absolute path to a GGUF file of the person's own.
 */
import { isAbsolute, join } from 'node:path';
import { LOCAL_PRESET } from '../../shared/llm-presets';
import type { Settings } from '../../shared/settings-contract';
import { catalogEntry, type CatalogEntry } from './catalog';

export function modelsDirOf(dataDir: string): string {
  return join(dataDir, 'models');
}

export function localModelPath(input: {
  settings: Settings;
  env: NodeJS.ProcessEnv;
  dataDir: string;
  catalog?: readonly CatalogEntry[];
}): string | undefined {
  const { settings, env, dataDir, catalog } = input;
  if (settings.llm.preset !== LOCAL_PRESET || (env.LANTERN_LLM_BASE_URL ?? '').trim() !== '') return undefined;
  const model = (env.LANTERN_LLM_MODEL ?? '').trim() || settings.llm.model;
  if (model === undefined) return undefined;
  if (isAbsolute(model)) return model;
  return join(modelsDirOf(dataDir), catalogEntry(model, catalog)?.file ?? model);
}
