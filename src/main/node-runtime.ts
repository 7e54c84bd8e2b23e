import { mkdirSync } from 'node:fs';
import { ChromiumPageLoader } from './browser/chromium';
import { findChrome } from './browser/find-chrome';
import { LazyPageLoader } from './browser/lazy-loader';
import { chromiumProfileDir, resolveDataDir } from './paths';
import { engineOriginsFromEnv } from './search/engine-origins';
import { ENGINES } from './search/engines';
import { MemoryResultCache } from './search/result-cache';
import { SearchService } from './search/search-service';
import { ResearchService } from './service';
import { loadSettings } from './settings';

export interface NodeRuntimeOptions {
  env?: NodeJS.ProcessEnv;
  /** Page budget in ms; else LANTERN_PAGE_TIMEOUT_MS, else the setting (default 5,000). */
  pageTimeoutMs?: number;
  headless?: boolean;
}

/**
 * The headless composition root (CLI, server, benchmarks): system Chrome/Chromium through
 * playwright-core, profile and data in the data dir.
 */
export function createNodeRuntime(options: NodeRuntimeOptions = {}): ResearchService {
  const env = options.env ?? process.env;
  const dataDir = resolveDataDir(env);
  const settings = loadSettings(dataDir);
  const loader = new LazyPageLoader(() => {
    const executablePath = findChrome(env);
    const userDataDir = chromiumProfileDir(dataDir);
    mkdirSync(userDataDir, { recursive: true });
    return new ChromiumPageLoader({ executablePath, userDataDir, headless: options.headless ?? true });
  });
  const search = new SearchService({
    loader,
    engines: ENGINES,
    cache: new MemoryResultCache(settings.resultCacheTtlMs),
    engineOrder: settings.engines,
    origins: engineOriginsFromEnv(env),
    pageTimeoutMs: options.pageTimeoutMs ?? pageTimeoutFromEnv(env) ?? settings.pageTimeoutMs,
  });
  return new ResearchService({ search, loader });
}

function pageTimeoutFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const value = Number(env.LANTERN_PAGE_TIMEOUT_MS);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}
