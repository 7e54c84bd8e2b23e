import type { EngineId } from '../../../shared/contract';
import type { SearchEngine } from '../engine';
import { google } from './google';

/** Every engine Lantern can drive, by id. */
export const ENGINES: Partial<Record<EngineId, SearchEngine>> = { google };
