/**
 * ModelsApi (src/shared/api.ts): what Settings' model picker and `lantern model …` call. Validates
 * each request with its schema (src/shared/models-contract.ts) and delegates to ModelService
 * (probe, catalog, downloads) and the SettingsService (the choice). Reads the settings at each call.
 */
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import type { CallOptions, ModelDownloadOptions, ModelsApi, SettingsApi } from '../../shared/api';
import { LanternError } from '../../shared/errors';
import { LLM_PRESET_BASE_URLS, LLM_PRESETS, LOCAL_PRESET } from '../../shared/llm-presets';
import {
  ModelChooseRequestSchema,
  ModelIdRequestSchema,
  ModelTestRequestSchema,
  type ModelChooseRequest,
  type ModelDownloadResponse,
  type ModelIdRequest,
  type ModelRemoveResponse,
  type ModelsCatalogResponse,
  type ModelsFindResponse,
  type ModelTestRequest,
  type ModelTestResponse,
} from '../../shared/models-contract';
import type { Settings, SettingsPatch } from '../../shared/settings-contract';
import { endpointKey, resolveLlmConfig } from '../llm/llm-config';
import { endpointForPeople } from '../llm/llm-endpoint';
import { validationError } from '../common/validation';
import { catalogEntry, estimateText } from './catalog';
import { localModelPath } from './local-model';
import type { ModelService } from './model-service';
import { soleChatModel } from './probe';

export interface ModelsOperationsOptions {
  models: ModelService;
  settings: SettingsApi & { current(): Settings };
  dataDir: string;
  env: NodeJS.ProcessEnv;
  /** Whether this build has the built-in runtime's worker (a local model can answer). */
  hasLocalRuntime: boolean;
  /** CPU cores, for the estimate (os.cpus by default). */
  cores?: () => number;
  /** How long models.test waits for the server's model list. */
  testTimeoutMs?: number;
}

const DEFAULT_TEST_TIMEOUT_MS = 5000;

export class ModelsOperations implements ModelsApi {
  constructor(private readonly options: ModelsOperationsOptions) {}

  async find(_request?: undefined, options: CallOptions = {}): Promise<ModelsFindResponse> {
    const key = endpointKey({
      settings: this.options.settings.current(),
      env: this.options.env,
      dataDir: this.options.dataDir,
    });
    const found = await this.options.models.find({
      ...(options.signal ? { signal: options.signal } : {}),
      ...(key ? { key } : {}),
    });
    const servers = found.map((server) => ({
      kind: server.kind,
      name: server.name,
      baseUrl: server.baseUrl,
      ...(server.version === undefined ? {} : { version: server.version }),
      models: server.models
        .filter((model) => model.use === 'chat')
        .map(({ id, sizeBytes }) => ({ id, ...(sizeBytes === undefined ? {} : { sizeBytes }) })),
      ...(server.keyRequired ? { keyRequired: true as const } : {}),
    }));
    const sole = soleChatModel(found);
    return {
      servers,
      ...(sole ? { sole: { serverName: sole.server.name, baseUrl: sole.server.baseUrl, model: sole.model.id } } : {}),
    };
  }

  async catalog(): Promise<ModelsCatalogResponse> {
    const cores = (this.options.cores ?? (() => cpus().length))();
    const models = await this.options.models.list();
    return {
      memory: this.options.models.memory(),
      modelsDir: this.options.models.modelsDir,
      models: models.map((model) => ({
        id: model.id,
        name: model.name,
        parameters: model.parameters,
        licence: model.licence,
        sizeBytes: model.sizeBytes,
        ramBytes: model.ramBytes,
        contextLength: model.contextLength,
        url: model.url,
        fit: model.fit,
        estimate: estimateText(model, cores),
        ...(model.path === undefined ? {} : { path: model.path }),
      })),
    };
  }

  async download(request: ModelIdRequest, options: ModelDownloadOptions = {}): Promise<ModelDownloadResponse> {
    const { id } = parse(ModelIdRequestSchema, 'models.download', request);
    const { signal, onEvent } = options;
    const path = await this.options.models.download(id, {
      ...(signal ? { signal } : {}),
      ...(onEvent
        ? {
            onProgress: (progress) =>
              onEvent({
                type: 'progress',
                id,
                receivedBytes: progress.receivedBytes,
                totalBytes: progress.totalBytes,
                bytesPerSecond: progress.bytesPerSecond,
                ...(progress.secondsLeft === undefined ? {} : { secondsLeft: progress.secondsLeft }),
              }),
          }
        : {}),
    });
    return { id, path };
  }

  async remove(request: ModelIdRequest): Promise<ModelRemoveResponse> {
    const { id } = parse(ModelIdRequestSchema, 'models.remove', request);
    await this.options.models.remove(id);
    return { id, removed: true };
  }

  async choose(request: ModelChooseRequest): Promise<Settings> {
    const choice = parse(ModelChooseRequestSchema, 'models.choose', request);
    if (choice.source === 'local') {
      const path = this.localPath(choice.model);
      if (!existsSync(path)) {
        const entry = catalogEntry(choice.model, this.options.models.entries);
        throw new LanternError(
          'INVALID_INPUT',
          entry
            ? `model: ${entry.name} is not downloaded yet; download it first (lantern model download ${entry.id}).`
            : `model: there is no model file ${path}; name a catalog model, a file in ${this.options.models.modelsDir} or an absolute path to a GGUF file.`,
        );
      }
      return this.options.settings.update({ llm: { preset: LOCAL_PRESET, baseUrl: null, model: choice.model } });
    }
    return this.options.settings.update({ llm: { ...presetOf(choice.baseUrl), model: choice.model } });
  }

  async test(request: ModelTestRequest, options: CallOptions = {}): Promise<ModelTestResponse> {
    const given = parse(ModelTestRequestSchema, 'models.test', request);
    const settings = this.options.settings.current();
    if (given.baseUrl === undefined && given.model === undefined && settings.llm.preset === LOCAL_PRESET)
      return this.testLocal(settings);
    let config;
    try {
      config = resolveLlmConfig({ settings, env: this.options.env, dataDir: this.options.dataDir });
    } catch (error) {
      if (!(error instanceof LanternError) || given.baseUrl === undefined)
        return { ok: false, error: (error as Error).message };
    }
    const baseUrl = given.baseUrl ?? config?.baseUrl;
    const model = given.model ?? config?.model;
    if (baseUrl === undefined || model === undefined) {
      return {
        ok: false,
        error:
          'No model is chosen: answers quote the pages. Choose a model found on this computer, download one, or set a server and a model.',
      };
    }
    // The stored key goes only to the endpoint it is set for.
    const apiKey = config !== undefined && baseUrl === config.baseUrl ? config.apiKey : undefined;
    return testServer(
      { baseUrl, model, ...(apiKey === undefined ? {} : { apiKey }) },
      this.options.testTimeoutMs ?? DEFAULT_TEST_TIMEOUT_MS,
      options.signal,
    );
  }

  private localPath(model: string): string {
    const settings = { llm: { preset: LOCAL_PRESET, model } } as Settings;
    return localModelPath({
      settings,
      env: {},
      dataDir: this.options.dataDir,
      catalog: this.options.models.entries,
    }) as string;
  }

  private testLocal(settings: Settings): ModelTestResponse {
    const where = 'this computer (Lantern runs it)';
    const model = settings.llm.model;
    if (model === undefined)
      return {
        ok: false,
        error: 'No model file is chosen for the built-in runtime: download a model from the list, or name a GGUF file.',
        where,
      };
    const path = localModelPath({
      settings,
      env: this.options.env,
      dataDir: this.options.dataDir,
      catalog: this.options.models.entries,
    });
    if (path === undefined)
      return {
        ok: false,
        error: 'LANTERN_LLM_BASE_URL names a server, so the built-in runtime is not used.',
        model,
        where,
      };
    if (!this.options.hasLocalRuntime)
      return {
        ok: false,
        error: 'The built-in model runtime is not part of this build: choose a model server instead.',
        model,
        where,
      };
    if (!existsSync(path))
      return {
        ok: false,
        error: `The model file ${path} is not there: download the model again, or choose another.`,
        model,
        where,
      };
    return { ok: true, model, where };
  }
}

function parse<T>(
  schema: { safeParse(input: unknown): { success: true; data: T } | { success: false; error: import('zod').ZodError } },
  what: string,
  input: unknown,
): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(what, parsed.error, input);
  return parsed.data;
}

/** The preset whose URL this is (ollama, lmstudio, llamacpp, …), else `custom` with the URL. */
function presetOf(baseUrl: string): Pick<NonNullable<SettingsPatch['llm']>, 'preset' | 'baseUrl'> {
  const trimmed = baseUrl.replace(/\/+$/, '');
  const preset = LLM_PRESETS.find(
    (name) =>
      name in LLM_PRESET_BASE_URLS && LLM_PRESET_BASE_URLS[name as keyof typeof LLM_PRESET_BASE_URLS] === trimmed,
  );
  return preset ? { preset, baseUrl: null } : { preset: 'custom', baseUrl: trimmed };
}

/**
 * Asks an OpenAI-compatible server for its models (GET {baseUrl}/models: `{"object":"list",
 * "data":[{"id":…}]}`, the OpenAI API reference's "List models", which Ollama's, LM Studio's and
 * llama-server's /v1 answer too) and looks for the model there.
 */
async function testServer(
  target: { baseUrl: string; model: string; apiKey?: string },
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<ModelTestResponse> {
  const { model, apiKey } = target;
  const where = endpointForPeople(target.baseUrl);
  const budget = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(`${target.baseUrl.replace(/\/+$/, '')}/models`, {
      headers: { accept: 'application/json', ...(apiKey === undefined ? {} : { authorization: `Bearer ${apiKey}` }) },
      redirect: 'manual',
      signal: signal ? AbortSignal.any([signal, budget]) : budget,
    });
  } catch (error) {
    if (signal?.aborted) throw new LanternError('CANCELLED', 'The test was cancelled.');
    const reason = budget.aborted ? `no answer within ${timeoutMs / 1000} s` : causeOf(error);
    return { ok: false, error: `Nothing answers at ${where} (${reason}). Is the server running?`, model, where };
  }
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel();
    return {
      ok: false,
      error: `${where} refused the request (${response.status}): ${apiKey === undefined ? 'it wants an API key; store one in Settings.' : 'the API key is wrong or has no access.'}`,
      model,
      where,
    };
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    return {
      ok: false,
      error: `${where} answered ${response.status} to GET /models: it does not look like an OpenAI-compatible endpoint (the address usually ends in /v1).`,
      model,
      where,
    };
  }
  let ids: string[] | undefined;
  try {
    const body = (await response.json()) as { data?: { id?: unknown }[] };
    ids = Array.isArray(body.data)
      ? body.data.map((entry) => entry.id).filter((id): id is string => typeof id === 'string')
      : undefined;
  } catch {
    ids = undefined;
  }
  if (ids === undefined)
    return {
      ok: false,
      error: `${where} answered GET /models with something other than a list of models: it does not look like an OpenAI-compatible endpoint.`,
      model,
      where,
    };
  if (!ids.includes(model)) {
    const has =
      ids.length === 0
        ? 'it has none'
        : `it has ${ids.slice(0, 8).join(', ')}${ids.length > 8 ? ` and ${ids.length - 8} more` : ''}`;
    return { ok: false, error: `${where} has no model "${model}": ${has}.`, model, where };
  }
  return { ok: true, model, where };
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
