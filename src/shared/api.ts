import type { AnswerEvent, AnswerRequestInput, AnswerResponse } from './answer-contract';
import type {
  CaptchaPendingResponse,
  CaptchaSolveRequest,
  CaptchaSolveResponse,
  CaptchaWaitRequest,
  CaptchaWaitResponse,
} from './captcha-contract';
import type { SearchManyRequestInput, SearchManyResponse, SearchRequestInput, SearchResponse } from './contract';
import type { FetchPage, FetchRequestInput, FetchResponse } from './fetch-contract';
import type {
  FullTextHit,
  HistoryDeleteResponse,
  HistoryExportRequest,
  HistoryExportResponse,
  HistoryListRequest,
  HistorySearchRequest,
  Thread,
  ThreadRequest,
  ThreadSummary,
} from './history-contract';
import type {
  ModelChooseRequest,
  ModelDownloadEvent,
  ModelDownloadResponse,
  ModelIdRequest,
  ModelRemoveResponse,
  ModelsCatalogResponse,
  ModelsFindResponse,
  ModelTestRequest,
  ModelTestResponse,
} from './models-contract';
import type {
  LibraryAddRequestInput,
  LibraryAddResponse,
  LibraryEvent,
  LibraryListRequestInput,
  LibraryImportRequestInput,
  LibraryListResponse,
  LibraryReadRequestInput,
  LibraryReindexRequestInput,
  LibraryRemoveRequestInput,
  LibraryRemoveResponse,
  LibrarySearchRequestInput,
  LibrarySearchResponse,
  LibrarySaveRequestInput,
  LibrarySaveResponse,
  LibraryUnwatchRequestInput,
  LibraryUnwatchResponse,
} from './library-contract';
import type {
  ResearchEvent,
  ResearchPlan,
  ResearchPlanRequestInput,
  ResearchReport,
  ResearchRequestInput,
} from './research-contract';
import type { Settings, SettingsPatch } from './settings-contract';

export interface CallOptions {
  signal?: AbortSignal;
  /** Whose numbered results these are (an agent's session; the CLI uses "cli"). */
  session?: string;
}

export interface SearchOptions extends CallOptions {
  /** Ask the engine even when a recent identical search is cached. */
  noCache?: boolean;
  /** A person is at hand to solve a CAPTCHA or consent wall in a visible window. */
  interactive?: boolean;
  /** Keep this search in the person's research history (the desktop app and the CLI do). */
  recordHistory?: boolean;
  /** When the caller's time budget started (epoch ms), if before this call (see SearchService). */
  startedAt?: number;
}

export interface FetchOptions extends CallOptions {
  /** Trusted callers only (the CLI's --allow-private); never taken from a request body. */
  allowPrivateNetworks?: boolean;
}

export interface AnswerOptions extends CallOptions {
  /** Told of each step as it happens: sources found, page read, answer text, citations checked. */
  onEvent?: (event: AnswerEvent) => void;
  /** Keep the answer as a turn of the person's research history. */
  recordHistory?: boolean;
  /** A follow-up: the answer continues this thread (NOT_FOUND when there is none). */
  threadId?: number;
  /** Trusted callers only (as in FetchOptions); never taken from a request body. */
  allowPrivateNetworks?: boolean;
  /**
   * The model for this answer instead of the settings' (the CLI's --llm-url and --model). Trusted
   * callers only, never taken from a request body: it names where the pages' text is sent.
   */
  llm?: LlmOverride;
}

export interface LlmOverride {
  /** An OpenAI-compatible base URL, e.g. http://127.0.0.1:11434/v1 */
  baseUrl?: string;
  model?: string;
}

export interface ResearchOptions extends CallOptions {
  /** Told of each step: plan, searches, pages, sections, checking (src/shared/research-contract.ts). */
  onEvent?: (event: ResearchEvent) => void;
  /** Keep the report as a turn of the person's research history. */
  recordHistory?: boolean;
  /** A person is at hand: a CAPTCHA mid-research pauses the run until they solve it, then it goes on. */
  interactive?: boolean;
  /** Trusted callers only (as in FetchOptions); never taken from a request body. */
  allowPrivateNetworks?: boolean;
  /** As in AnswerOptions: trusted callers only. */
  llm?: LlmOverride;
}

/**
 * Deep research (src/shared/research-contract.ts): plan, then run. A cancelled run (the signal)
 * does not throw: it resolves with the report written from what was gathered, `stopped: "cancelled"`.
 */
export interface DeepResearchApi {
  /** Sub-questions for the question, to show (and edit) before the run. */
  plan(request: ResearchPlanRequestInput, options?: CallOptions): Promise<ResearchPlan>;
  run(request: ResearchRequestInput, options?: ResearchOptions): Promise<ResearchReport>;
}

/** The person's research threads (src/shared/history-contract.ts). */
export interface HistoryApi {
  /** Threads, most recently active first. */
  list(request?: HistoryListRequest): Promise<ThreadSummary[]>;
  /** One thread with its turns; NOT_FOUND when there is none with that id. */
  get(request: ThreadRequest): Promise<Thread>;
  /** Ranked full-text search over questions, answers and fetched pages. */
  search(request: HistorySearchRequest): Promise<FullTextHit[]>;
  /** Deletes a thread and its turns; NOT_FOUND when there is none with that id. */
  delete(request: ThreadRequest): Promise<HistoryDeleteResponse>;
  /** A thread as a Markdown document with its sources as footnotes. */
  export(request: HistoryExportRequest): Promise<HistoryExportResponse>;
}

/**
 * The settings file (src/shared/settings-contract.ts). A change applies to the next search or
 * fetch of this process without a restart. Doors open to agents (HTTP, MCP) must decide who may
 * call `update`: `fetch.allowPrivateNetworks` is a guard against request forgery.
 */
export interface SettingsApi {
  get(): Promise<Settings>;
  /** Validates the partial, merges it over the current settings, saves and applies them. */
  update(patch: SettingsPatch): Promise<Settings>;
  /** Back to the defaults (also the way out of a settings file that no longer parses). */
  reset(): Promise<Settings>;
}

/**
 * Engines blocked by a CAPTCHA or consent wall (src/shared/captcha-contract.ts). Headless, a
 * person solves one through a search with `interactive`; the desktop shell will add opening the
 * blocked page from the UI and pushing block events to it.
 */
export interface CaptchaApi {
  pending(): Promise<CaptchaPendingResponse>;
  /** Resolves when the engine's block is solved, its pause runs out, or timeoutMs passes. */
  wait(request: CaptchaWaitRequest, options?: CallOptions): Promise<CaptchaWaitResponse>;
  /**
   * Shows the engine's blocked page to a person in a visible window of the search session and
   * resolves once they solved it (the engine answers again). For a person's UI only: the HTTP door
   * offers it to the web UI's session, never to agents. CANCELLED when the window is closed,
   * CAPTCHA_REQUIRED when there is no display or nobody acts for a while, NOT_FOUND when the
   * engine is not blocked.
   */
  solve(request: CaptchaSolveRequest, options?: CallOptions): Promise<CaptchaSolveResponse>;
}

export interface LibraryCallOptions extends CallOptions {
  /** Told of each file as it is read (done of total, the current file), then done. */
  onEvent?: (event: LibraryEvent) => void;
}

/**
 * The person's library (src/shared/library-contract.ts): their own files, indexed in the store
 * and searched passage by passage. The files themselves are only read, never written.
 */
export interface LibraryApi {
  /** Files and folders: every readable file indexed, the others listed with why (cancellable). */
  add(request: LibraryAddRequestInput, options?: LibraryCallOptions): Promise<LibraryAddResponse>;
  /** The documents, filtered by type or by text in their title or path. */
  list(request?: LibraryListRequestInput): Promise<LibraryListResponse>;
  /** Ranked passages, numbered, each with its document's title, path and page or heading. */
  search(request: LibrarySearchRequestInput): Promise<LibrarySearchResponse>;
  /** Takes documents out of the index (their files stay where they are). */
  remove(request: LibraryRemoveRequestInput): Promise<LibraryRemoveResponse>;
  /** Files sent by their bytes (a browser's drop or picker): kept in the data dir, indexed as `add` would (cancellable). */
  import(request: LibraryImportRequestInput, options?: LibraryCallOptions): Promise<LibraryAddResponse>;
  /** A document's text as indexed, page by page, shaped as a fetched page for the reader (a citation's file URL). */
  read(request: LibraryReadRequestInput): Promise<FetchPage>;
  /** A page Lantern read, kept in the library as a document (its address its origin); saving it again updates it. */
  save(request: LibrarySaveRequestInput): Promise<LibrarySaveResponse>;
  /** Stops following a watched folder (its documents stay). */
  unwatch(request: LibraryUnwatchRequestInput): Promise<LibraryUnwatchResponse>;
  /** Brings the library's folders and files in step with the disk. */
  reindex(request?: LibraryReindexRequestInput, options?: LibraryCallOptions): Promise<LibraryAddResponse>;
}

/**
 * Secrets a person's UI manages: the local API's bearer token, to copy into an agent's
 * configuration or to replace, and the model's API key. Implemented once (src/main/settings/access-service.ts);
 * the operations table offers it to the doors a person uses (the desktop app, the web UI's
 * session), never to agents themselves.
 */
export interface AccessApi {
  token(): Promise<{ token: string }>;
  /** A new token; agents holding the old one are refused from then on. */
  rotateToken(): Promise<{ token: string }>;
  /** Stores the model's API key in its own 0600 file (never settings.json); null removes it. */
  setLlmKey(request: { key: string | null }): Promise<LlmKeyState>;
  /** Whether a key is stored (the key itself is never read back). */
  llmKeyState(): Promise<LlmKeyState>;
}

/** Whether a model API key is stored, and why a key saved before is not in use, if so. */
export interface LlmKeyState {
  hasKey: boolean;
  /** A key an earlier desktop version kept encrypted that could not be decrypted: what to do. */
  problem?: string;
}

export interface ModelDownloadOptions extends CallOptions {
  /** Told as the file arrives: bytes, speed, time left. */
  onEvent?: (event: ModelDownloadEvent) => void;
}

/**
 * The model answers are written with (src/shared/models-contract.ts, src/main/models/): the
 * servers already running on this machine, the catalog of models Lantern can run itself, their
 * downloads, the choice, a test. Only a person's UI may call it: a choice names where the pages'
 * text is sent, and a download fills the person's disk.
 */
export interface ModelsApi {
  /** Probes loopback for Ollama, LM Studio, llama-server, Jan, vLLM and LocalAI within a short budget; their chat models, or that one wants its key. */
  find(request?: undefined, options?: CallOptions): Promise<ModelsFindResponse>;
  /** The catalog with each model's fit for this machine's memory, an estimate of its speed, and whether it is downloaded. */
  catalog(): Promise<ModelsCatalogResponse>;
  /** Downloads a catalog model (resumed, its sha256 checked); the signal cancels it and keeps the part. */
  download(request: ModelIdRequest, options?: ModelDownloadOptions): Promise<ModelDownloadResponse>;
  /** Deletes a downloaded model and any part of it. */
  remove(request: ModelIdRequest): Promise<ModelRemoveResponse>;
  /** Sets settings.llm to the chosen server's model or a model Lantern runs itself; the new settings. */
  choose(request: ModelChooseRequest): Promise<Settings>;
  /** Asks the model's server (or looks for the local file) whether the model is there; ok and its name, or what is wrong. `{}`: the model in force. */
  test(request: ModelTestRequest, options?: CallOptions): Promise<ModelTestResponse>;
}

/**
 * Everything Lantern can do, one method per operation. The CLI, HTTP, MCP and IPC doors are
 * thin adapters over an implementation of this interface.
 */
export interface ResearchApi {
  search(request: SearchRequestInput, options?: SearchOptions): Promise<SearchResponse>;
  /**
   * Several queries with shared options (at most MAX_QUERIES_PER_SEARCH), run at once through
   * the same search, so each engine's pacing still applies: one outcome per query, in the order
   * asked, a failed query's error in its place while the others go on.
   */
  searchMany(request: SearchManyRequestInput, options?: SearchOptions): Promise<SearchManyResponse>;
  /** A URL, several URLs, a prompt with URLs, or result N of a search → main content as markdown. */
  fetch(request: FetchRequestInput, options?: FetchOptions): Promise<FetchResponse>;
  /** A question → a short answer whose sentences cite numbered sources, each citation checked. */
  answer(request: AnswerRequestInput, options?: AnswerOptions): Promise<AnswerResponse>;
  /** Deep research: a question → a plan of sub-questions → a sourced report (src/shared/research-contract.ts). */
  readonly research: DeepResearchApi;
  readonly history: HistoryApi;
  readonly settings: SettingsApi;
  readonly captcha: CaptchaApi;
  readonly library: LibraryApi;
  /** Absent where there is no secret store (a test's stand-in); only a person's UI may call it (see AccessApi). */
  readonly access?: AccessApi;
  /** Absent where there is no data dir of models (a test's stand-in); only a person's UI may call it (see ModelsApi). */
  readonly models?: ModelsApi;
  /**
   * Forgets the search browser's cookies and storage: the engines see a new visitor (a person's
   * UI offers it, e.g. after a consent choice they regret). Absent where the runtime cannot.
   */
  resetSearchSession?(): Promise<{ reset: true }>;
}
