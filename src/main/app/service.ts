import type {
  AccessApi,
  AnswerOptions,
  CaptchaApi,
  DeepResearchApi,
  FetchOptions,
  ModelsApi,
  ResearchApi,
  SearchOptions,
  SettingsApi,
} from '../../shared/api';
import type { LibraryService } from '../library/library-service';
import type { AnswerRequestInput, AnswerResponse } from '../../shared/answer-contract';
import type {
  SearchManyRequestInput,
  SearchManyResponse,
  SearchRequestInput,
  SearchResponse,
} from '../../shared/contract';
import type { FetchRequestInput, FetchResponse } from '../../shared/fetch-contract';
import type { AnswerService } from '../answer/answer-service';
import type { PageLoader } from '../browser/page-loader';
import type { FetchService } from '../fetch';
import type { HistoryService } from '../history/history-service';
import type { SearchOperations } from '../search/search-operations';
import type { SearchService } from '../search/search-service';
import type { Store } from '../store';
import type { RunRegistry } from '../common/run-registry';
import { DEFAULT_SESSION } from '../common/sessions';

/** ResearchApi for every door: delegates each operation to its part; holds no logic of its own. */
export class ResearchService implements ResearchApi {
  readonly research: DeepResearchApi;
  readonly history: HistoryService;
  readonly settings: SettingsApi;
  readonly captcha: CaptchaApi;
  readonly access: AccessApi;
  /** Absent in a test's assembly without models. */
  readonly models?: ModelsApi;
  readonly library: LibraryService;
  /** The calls its doors' callers may cancel by id (IPC's call:cancel, HTTP's research.stop). */
  readonly runs: RunRegistry;

  constructor(
    private readonly parts: {
      search: SearchOperations;
      /** The engines' pauses after a block, forgotten with the search session. */
      blocks: Pick<SearchService, 'forgetBlocks'>;
      /** Created on first use: the fetch pipeline's code (HTTP client, extractors) loads only then. */
      fetch: () => Promise<FetchService>;
      answer: AnswerService;
      research: DeepResearchApi;
      history: HistoryService;
      settings: SettingsApi;
      captcha: CaptchaApi;
      access: AccessApi;
      models?: ModelsApi;
      library: LibraryService;
      runs: RunRegistry;
      loader: PageLoader;
      store: Store;
      /** The render fallback's own browser, where there is one. */
      renderer?: { close(): Promise<void> };
      /** Stops following settings.json (SettingsService.follow), where it is followed. */
      stopFollowingSettings?: () => void;
    },
  ) {
    this.research = parts.research;
    this.history = parts.history;
    this.settings = parts.settings;
    this.captcha = parts.captcha;
    this.access = parts.access;
    if (parts.models) this.models = parts.models;
    this.library = parts.library;
    this.runs = parts.runs;
  }

  async search(request: SearchRequestInput, options: SearchOptions = {}): Promise<SearchResponse> {
    return this.parts.search.search(request, options);
  }

  async searchMany(request: SearchManyRequestInput, options: SearchOptions = {}): Promise<SearchManyResponse> {
    return this.parts.search.searchMany(request, options);
  }

  async fetch(request: FetchRequestInput, options: FetchOptions = {}): Promise<FetchResponse> {
    const service = await this.parts.fetch();
    return service.fetch(request, { ...options, session: options.session ?? DEFAULT_SESSION });
  }

  async answer(request: AnswerRequestInput, options: AnswerOptions = {}): Promise<AnswerResponse> {
    return this.parts.answer.answer(request, options);
  }

  /**
   * Forgets the search browser's cookies and storage (see PageLoader.resetSession), and with
   * them the engines' pauses after a block: the engines meet a new visitor.
   */
  async resetSearchSession(): Promise<{ reset: true }> {
    await this.parts.loader.resetSession?.();
    this.parts.blocks.forgetBlocks();
    return { reset: true };
  }

  /** The search browser, as a health report tells it: never launched, or launched on demand. */
  browserState(): 'not started' | 'started' | 'unknown' {
    const { started } = this.parts.loader;
    return started === undefined ? 'unknown' : started ? 'started' : 'not started';
  }

  /** Closes the browser (no Chromium process is left behind), the settings watch and the store. */
  async close(): Promise<void> {
    this.parts.stopFollowingSettings?.();
    this.parts.library.close();
    await Promise.all([this.parts.loader.close(), this.parts.renderer?.close()]);
    this.parts.store.close();
  }
}
