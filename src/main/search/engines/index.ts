import type { EngineId } from '../../../shared/contract';
import type { SearchEngine } from '../engine';
import { baidu } from './baidu';
import { bing } from './bing';
import { brave } from './brave';
import { duckduckgo } from './duckduckgo';
import { google } from './google';

/** Every engine Lantern can drive, by id. */
export const ENGINES = { google, bing, duckduckgo, baidu, brave } satisfies Record<EngineId, SearchEngine>;
