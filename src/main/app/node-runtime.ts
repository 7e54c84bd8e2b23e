import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AccessService } from '../settings/access-service';
import { answeringFetch } from '../answer/page-passages';
import { AnswerService } from '../answer/answer-service';
import { llmComposerFor } from '../answer/llm-composer';
import { createFollowUpWriter } from '../answer/llm-follow-ups';
import { createQuestionRewriter } from '../answer/llm-standalone';
import { createSupportJudge } from '../answer/support-judge';
import type { ChatModel } from '../llm/chat-model';
import { endpointChatFor } from '../llm/openai-chat';
import { withLlmOverride, type LlmConfigInput } from '../llm/llm-config';
import type { Composer } from '../answer/composer';
import { hasDisplay } from '../browser/chromium-reveal';
import { findChrome } from '../browser/find-chrome';
import { CaptchaService } from '../captcha/captcha-service';
import { LazyPageLoader } from '../browser/lazy-loader';
import type { FetchService, RenderPage } from '../fetch';
import { HistoryService } from '../history/history-service';
import type { PrintPdf } from '../common/pdf-printer';
import { chromiumProfileDir, resolveDataDir } from './paths';
import { engineOriginsFromEnv } from '../search/engine-origins';
import { ENGINES } from '../search/engines';
import { SearchOperations } from '../search/search-operations';
import { SearchService, type SearchServiceOptions } from '../search/search-service';
import { createSubQuestionWriter } from '../deep-research/llm-planner';
import { ResearchRunService } from '../deep-research/research-service';
import { LibraryService } from '../library/library-service';
import { RunRegistry } from '../common/run-registry';
import { ResearchService } from './service';
import { SettingsService } from '../settings/settings-service';
import { createLocalChat, createLocalComposer } from '../models/local-composer';
import { localModelPath } from '../models/local-model';
import { ModelService } from '../models/model-service';
import { catalogFromEnv, probeTargetsFromEnv } from '../models/models-env';
import { ModelsOperations } from '../models/models-operations';
import { LocalRuntime, type StartRuntimeHost, type WorkerEntry } from '../models/local-runtime';
import { LanternError } from '../../shared/errors';
import type { LlmOverride } from '../../shared/api';
import type { Settings } from '../../shared/settings-contract';
import { describeRecovery, openStore } from '../store';
import type { PageLoader } from '../browser/page-loader';
import type { ChromiumRenderer } from '../browser/chromium-renderer';
import type { ChromiumRevealWindow } from '../browser/chromium-reveal';

export interface NodeRuntimeOptions {
  env?: NodeJS.ProcessEnv;
  /** Page budget in ms; else LANTERN_PAGE_TIMEOUT_MS, else the setting (default 5,000). */
  pageTimeoutMs?: number;
  /** The engines' pacing; else the default gap (a measurement of Lantern's own time turns it off). */
  searchPacing?: SearchServiceOptions['pacing'];
  headless?: boolean;
  /** Told when the store was found damaged at start and moved aside. */
  onWarning?: (message: string) => void;
  /** Told when a window opens for a person to solve a CAPTCHA (a notifier, or a test playing the person). */
  onReveal?: (window: ChromiumRevealWindow) => void;
  /** The built-in model runtime's worker (AssembleOptions.modelWorker). */
  modelWorker?: WorkerEntry | StartRuntimeHost;
}

function storePath(dataDir: string): string {
  return join(dataDir, 'lantern.db');
}

export interface AssembleOptions {
  dataDir: string;
  env: NodeJS.ProcessEnv;
  loader: PageLoader;
  pageTimeoutMs?: number;
  searchPacing?: SearchServiceOptions['pacing'];
  /** Fetch's render fallback; without it script-built pages are read as their static HTML. */
  renderer?: (settings: () => Settings) => Renderer;
  /** The Electron build's own better-sqlite3 binary (compiled for Electron's ABI). */
  nativeBinding?: string;
  /** Told when the store was found damaged at start and moved aside. */
  onWarning?: (message: string) => void;
  /** Whether a blocked page can be shown to a person here (a display; always in the desktop app). */
  canShowWindow: () => boolean;
  /** Which runtime holds the secret store, for what a key left encrypted means here (AccessService). */
  runtime?: 'desktop app' | 'elsewhere';
  /** Prints a thread's export to PDF; without it `history.export` refuses the PDF format. */
  printPdf?: PrintPdf;
  /**
   * Where the built-in model runtime runs: a worker thread of the worker file (builtWorkerEntry
   * beside the build's entry file), or a host of the runtime's own (the desktop app's utility
   * process). Without it, the `local` preset answers LLM_FAILED: not in this build.
   */
  modelWorker?: WorkerEntry | StartRuntimeHost;
}

/**
 * Wires settings, store, search, fetch, history and CAPTCHA blocks around a PageLoader: shared
 * by both composition roots. Everything that depends on a setting reads it at each call.
 */
export function assembleResearch(options: AssembleOptions): ResearchService {
  const { dataDir, env, loader } = options;
  const settings = new SettingsService(dataDir);
  mkdirSync(dataDir, { recursive: true });
  // A change made by another process (`lantern settings set` beside a running server) applies here too.
  const stopFollowingSettings = settings.follow((message) => options.onWarning?.(message));
  const store = openStore({
    path: storePath(dataDir),
    resultCacheTtlMs: () => settings.current().resultCacheTtlMs,
    ...(options.nativeBinding === undefined ? {} : { nativeBinding: options.nativeBinding }),
  });
  if (store.recovery) options.onWarning?.(describeRecovery(store.recovery));
  const pageTimeoutOverride = options.pageTimeoutMs ?? pageTimeoutFromEnv(env);
  const search = new SearchService({
    loader,
    engines: ENGINES,
    cache: store.resultCache,
    origins: engineOriginsFromEnv(env),
    ...(options.searchPacing === undefined ? {} : { pacing: options.searchPacing }),
    // Getters: the service reads these at every search, so a settings change applies to the next one.
    get engineOrder() {
      return settings.current().engines;
    },
    get consent() {
      return settings.current().consent;
    },
    get pageTimeoutMs() {
      return pageTimeoutOverride ?? settings.current().pageTimeoutMs;
    },
    get lang() {
      return settings.current().search.lang;
    },
    get region() {
      return settings.current().search.region;
    },
    get sources() {
      return settings.current().sources;
    },
  });
  const renderer = options.renderer?.(() => settings.current());
  let fetch: Promise<FetchService> | undefined;
  const fetchService = (): Promise<FetchService> =>
    (fetch ??= import('../fetch').then(({ createFetchService }) =>
      createFetchService({
        settings: () => {
          const { allowPrivateNetworks, publicRanges, proxy } = settings.current().fetch;
          return { allowPrivateNetworks, publicRanges, ...(proxy === undefined ? {} : { proxyUrl: proxy }) };
        },
        pageCache: store.pages,
        resolveResult: (session, searchId, index) => store.searches.resolveResult(session, searchId, index),
        ...(renderer === undefined ? {} : { render: renderer.render }),
      }),
    ));
  // The model in force at each answer: the settings, a caller's override, the stored key.
  const llmInput = (override?: LlmOverride): LlmConfigInput => ({
    settings: settings.current(),
    env: withLlmOverride(env, override),
    dataDir,
  });
  const history = new HistoryService(store, undefined, options.printPdf ? { printPdf: options.printPdf } : {});
  const captcha = new CaptchaService({
    suspensions: search.suspensions,
    canShowWindow: options.canShowWindow,
    solve: (engine, signal) => search.solveBlock(engine, signal),
  });
  const catalog = catalogFromEnv(env);
  const models = new ModelService({ dataDir, catalog, probe: { targets: probeTargetsFromEnv(env) } });
  // The built-in runtime, started by the first answer that needs it; one model at a time, unloaded when idle.
  let localRuntime: LocalRuntime | undefined;
  /** The built-in runtime for the local model in force, or why it cannot answer. */
  const localRuntimeFor = (modelPath: string): LocalRuntime | LanternError => {
    if (options.modelWorker === undefined)
      return new LanternError(
        'LLM_FAILED',
        'The built-in model runtime is not part of this build: choose another llm.preset.',
      );
    if (!existsSync(modelPath))
      return new LanternError(
        'LLM_FAILED',
        `The model file ${modelPath} is not there: download the model first, or set llm.model to a GGUF file.`,
      );
    localRuntime ??= new LocalRuntime({ worker: options.modelWorker });
    return localRuntime;
  };
  /**
   * The model in force, as `endpoint` builds it for an OpenAI-compatible server or `local` for the
   * built-in runtime (one that cannot run fails with why); none when no model is set up.
   */
  const modelFor =
    <Model>(
      endpoint: (input: LlmConfigInput) => Model | undefined,
      local: (runtime: LocalRuntime, modelPath: string) => Model,
    ) =>
    (override?: LlmOverride): Model | undefined => {
      const input = llmInput(override);
      const modelPath = localModelPath({ settings: input.settings, env: input.env ?? env, dataDir, catalog });
      if (modelPath === undefined) return endpoint(input);
      const runtime = localRuntimeFor(modelPath);
      if (!(runtime instanceof LanternError)) return local(runtime, modelPath);
      return (async () => {
        throw runtime;
      }) as Model;
    };
  const llmComposer = modelFor<Composer>(llmComposerFor, createLocalComposer);
  // For the small tasks (follow-ups, the thread rewrite, the research plan).
  const chatFor = modelFor<ChatModel>(endpointChatFor, createLocalChat);
  const task =
    <Task>(create: (chat: ChatModel) => Task) =>
    (override?: LlmOverride): Task | undefined => {
      const chat = chatFor(override);
      return chat === undefined ? undefined : create(chat);
    };
  return new ResearchService({
    search: new SearchOperations({ search, searches: store.searches, history }),
    blocks: search,
    // The API's fetch answers a question with the page's best passages; the pipelines read pages whole.
    fetch: () => fetchService().then(answeringFetch),
    answer: new AnswerService({
      search: (request, callOptions) => search.search(request, callOptions),
      fetch: fetchService,
      store,
      llmComposer,
      llmFollowUps: task(createFollowUpWriter),
      llmRewriter: task(createQuestionRewriter),
      llmSupport: task(createSupportJudge),
    }),
    research: new ResearchRunService({
      search: (request, callOptions) => search.search(request, callOptions),
      fetch: fetchService,
      store,
      captcha,
      llmComposer,
      llmPlanner: task(createSubQuestionWriter),
      llmSupport: task(createSupportJudge),
    }),
    history,
    settings,
    captcha,
    access: new AccessService(dataDir, options.runtime),
    models: new ModelsOperations({
      models,
      settings,
      dataDir,
      env,
      hasLocalRuntime: options.modelWorker !== undefined,
    }),
    library: new LibraryService(store, {
      importDir: join(dataDir, 'library-imports'),
      ...(options.onWarning ? { onWarning: options.onWarning } : {}),
    }),
    runs: new RunRegistry(),
    loader,
    store,
    stopFollowingSettings,
    ...(renderer ? { renderer } : {}),
  });
}

export interface Renderer {
  render: RenderPage;
  close(): Promise<void>;
}

/**
 * Fetch's render fallback in a Chromium of its own (never the search profile), loaded and
 * launched on the first render: see browser/chromium-renderer.ts.
 */
export function isolatedChromiumRenderer(options: {
  executablePath: () => string;
  allowWithoutSandbox: () => boolean;
}): Renderer {
  let renderer: Promise<ChromiumRenderer> | undefined;
  const real = (): Promise<ChromiumRenderer> =>
    (renderer ??= import('../browser/chromium-renderer')
      .then(
        ({ ChromiumRenderer }) =>
          new ChromiumRenderer({
            executablePath: options.executablePath(),
            allowWithoutSandbox: options.allowWithoutSandbox,
          }),
      )
      .catch((error: unknown) => {
        // No browser found: the next render looks again.
        renderer = undefined;
        throw error;
      }));
  return {
    render: async (url, request) => (await real()).render(url, request),
    close: async () => (await renderer?.catch(() => undefined))?.close(),
  };
}

/**
 * The headless composition root (CLI, server, benchmarks): system Chrome/Chromium through
 * playwright-core, profile, settings and the SQLite store in the data dir.
 */
export function createNodeRuntime(options: NodeRuntimeOptions = {}): ResearchService {
  const env = options.env ?? process.env;
  const dataDir = resolveDataDir(env);
  const loader = new LazyPageLoader(async () => {
    const executablePath = findChrome(env);
    const userDataDir = chromiumProfileDir(dataDir);
    mkdirSync(userDataDir, { recursive: true });
    // Loaded on first use: playwright-core costs a noticeable part of a short command's start-up.
    const { ChromiumPageLoader } = await import('../browser/chromium');
    const chromium = new ChromiumPageLoader({ executablePath, userDataDir, headless: options.headless ?? true });
    if (options.onReveal) chromium.onReveal(options.onReveal);
    return chromium;
  });
  return assembleResearch({
    dataDir,
    env,
    loader,
    canShowWindow: () => hasDisplay(env),
    // A browser of its own for each print, loaded on the first export to PDF.
    printPdf: async (page) => (await import('../browser/chromium-pdf')).printPdfWithChromium(findChrome(env), page),
    renderer: (settings) =>
      isolatedChromiumRenderer({
        executablePath: () => findChrome(env),
        allowWithoutSandbox: () => settings().fetch.renderWithoutSandbox,
      }),
    ...(options.pageTimeoutMs === undefined ? {} : { pageTimeoutMs: options.pageTimeoutMs }),
    ...(options.searchPacing === undefined ? {} : { searchPacing: options.searchPacing }),
    ...(options.onWarning === undefined ? {} : { onWarning: options.onWarning }),
    ...(options.modelWorker === undefined ? {} : { modelWorker: options.modelWorker }),
  });
}

function pageTimeoutFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const value = Number(env.LANTERN_PAGE_TIMEOUT_MS);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}
