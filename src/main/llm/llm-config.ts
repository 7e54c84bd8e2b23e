import type { LlmOverride } from '../../shared/api';
import { LanternError } from '../../shared/errors';
import { readSecret } from '../settings/secrets';
import { LLM_PRESET_BASE_URLS, type LlmPreset, type Settings } from '../../shared/settings-contract';

/** What the LLM composer needs to reach one model. */
export interface LlmConfig {
  /** The part before /chat/completions, e.g. http://127.0.0.1:11434/v1 */
  baseUrl: string;
  model: string;
  /** Sent as a Bearer token when present; local servers need none. A secret: never logged. */
  apiKey?: string;
  /** Budget for one whole completion. */
  timeoutMs: number;
}

/**
 * A caller's model for one answer, as the environment overrides that already take precedence
 * over the settings (LANTERN_LLM_BASE_URL, LANTERN_LLM_MODEL), so it is checked as they are.
 */
export function withLlmOverride(env: NodeJS.ProcessEnv, override: LlmOverride | undefined): NodeJS.ProcessEnv {
  if (!override?.baseUrl && !override?.model) return env;
  return {
    ...env,
    ...(override.baseUrl ? { LANTERN_LLM_BASE_URL: override.baseUrl } : {}),
    ...(override.model ? { LANTERN_LLM_MODEL: override.model } : {}),
  };
}

function presetBaseUrl(preset: LlmPreset): string | undefined {
  return preset === 'custom' || preset === 'local' ? undefined : LLM_PRESET_BASE_URLS[preset];
}

export interface LlmConfigInput {
  settings: Settings;
  env?: NodeJS.ProcessEnv;
  dataDir: string;
}

/**
 * The model in force: settings.llm, with LANTERN_LLM_BASE_URL and LANTERN_LLM_MODEL overriding
 * them, and the key from LANTERN_LLM_API_KEY or the data dir's llm-key file. Undefined when no
 * model is named (answers are then extractive) or when the preset is the built-in runtime's
 * (`local`), which needs no endpoint. Read it at each answer: settings change while
 * Lantern runs. A setup that names a model but cannot work (custom preset without a URL, a key
 * file others can read) is LLM_FAILED, so the person learns why their model was not used.
 */
export function resolveLlmConfig(input: LlmConfigInput): LlmConfig | undefined {
  const { settings, env = process.env, dataDir } = input;
  const model = nonEmpty(env.LANTERN_LLM_MODEL) ?? settings.llm.model;
  if (model === undefined) return undefined;

  const fromEnv = nonEmpty(env.LANTERN_LLM_BASE_URL);
  // The built-in runtime answers (src/main/models/local-model.ts): no endpoint to reach, unless the environment names one.
  if (settings.llm.preset === 'local' && fromEnv === undefined) return undefined;
  const baseUrl = fromEnv ?? settings.llm.baseUrl ?? presetBaseUrl(settings.llm.preset);
  if (baseUrl === undefined) {
    throw new LanternError(
      'LLM_FAILED',
      `The model ${model} has no endpoint: llm.preset is "custom" and no base URL is set. Set llm.baseUrl (e.g. http://127.0.0.1:8000/v1) or LANTERN_LLM_BASE_URL, or choose a preset.`,
    );
  }
  if (fromEnv !== undefined && !isHttpUrl(fromEnv)) {
    throw new LanternError(
      'LLM_FAILED',
      'LANTERN_LLM_BASE_URL is not an http(s) URL such as http://127.0.0.1:11434/v1.',
    );
  }
  if (hasCredentials(baseUrl)) throw new LanternError('LLM_FAILED', `The model's base URL: ${CREDENTIALS_IN_URL}`);

  const apiKey = nonEmpty(env.LANTERN_LLM_API_KEY) ?? storedKey(dataDir);
  return { baseUrl, model, timeoutMs: settings.llm.timeoutMs, ...(apiKey === undefined ? {} : { apiKey }) };
}

/**
 * The endpoint the settings name and the key stored for it, whether or not a model is chosen yet:
 * what the model probe may send to that one server (a Jan that lists its models only with its
 * key). Undefined without a key or an endpoint, or when either cannot be read.
 */
export function endpointKey(input: LlmConfigInput): { baseUrl: string; apiKey: string } | undefined {
  const { settings, env = process.env, dataDir } = input;
  const baseUrl = nonEmpty(env.LANTERN_LLM_BASE_URL) ?? settings.llm.baseUrl ?? presetBaseUrl(settings.llm.preset);
  if (baseUrl === undefined) return undefined;
  let apiKey: string | undefined;
  try {
    apiKey = nonEmpty(env.LANTERN_LLM_API_KEY) ?? storedKey(dataDir);
  } catch {
    return undefined;
  }
  return apiKey === undefined ? undefined : { baseUrl, apiKey };
}

/** The key in the data dir's secret store; a file others could read is refused as LLM_FAILED, with its fix. */
function storedKey(dataDir: string): string | undefined {
  try {
    return readSecret(dataDir, 'llm-key');
  } catch (error) {
    if (error instanceof LanternError) throw new LanternError('LLM_FAILED', `The API key: ${error.message}`);
    throw new LanternError(
      'LLM_FAILED',
      `Cannot read the API key file (${(error as NodeJS.ErrnoException).code ?? String(error)}).`,
    );
  }
}

export const CREDENTIALS_IN_URL =
  'a user name or password in the URL is refused (it would be sent and shown as part of the URL); put the key in LANTERN_LLM_API_KEY or the llm-key file instead.';

/** Whether a URL carries a user name or password (a secret that would leak in messages). */
export function hasCredentials(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  return parsed.username !== '' || parsed.password !== '';
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}
