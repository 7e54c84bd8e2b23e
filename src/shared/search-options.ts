/**
 * The search options' values, without zod: the renderer offers them as choices and must not
 * carry the schema library for a list (contract.ts builds its schemas from these).
 */
export const ENGINE_IDS = ['google', 'bing', 'duckduckgo', 'baidu', 'brave'] as const;

export const TIME_RANGES = ['day', 'week', 'month', 'year'] as const;

/** Most domains one include or exclude list of a search holds (each becomes an operator in the query). */
export const MAX_DOMAINS_PER_LIST = 20;
