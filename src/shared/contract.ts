/**
 * The one contract every door (CLI, HTTP, MCP, IPC) validates against.
 * Pure TypeScript + zod: no node:*, no DOM, no electron.
 */
import * as z from 'zod';
// The wording of every INVALID_INPUT's field messages (zod's error map): installed with the contract.
import './issue-messages';
import { lenientArray, lenientBoolean, lenientList, lenientNumber } from './lenient';
import { ENGINE_IDS, MAX_DOMAINS_PER_LIST, TIME_RANGES } from './search-options';

// The values live without zod in search-options.ts (the renderer's); the contract exports them with their schemas.
export { ENGINE_IDS, MAX_DOMAINS_PER_LIST, TIME_RANGES };

export const EngineIdSchema = z.enum(ENGINE_IDS);
export type EngineId = z.infer<typeof EngineIdSchema>;

export const TimeRangeSchema = z.enum(TIME_RANGES);
export type TimeRange = z.infer<typeof TimeRangeSchema>;

/** Longest query Google accepts is ~2,048 characters of URL; we cap the text itself. */
export const MAX_QUERY_LENGTH = 2048;

/** `all` queries every enabled engine in parallel and fuses their results. */
export const EngineChoiceSchema = z.union([EngineIdSchema, z.literal('all')]);
export type EngineChoice = z.infer<typeof EngineChoiceSchema>;

/** A search's language (Google's `hl`): a request's `lang` and the `search.lang` setting. */
export const SearchLangSchema = z
  .string()
  .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})?$/, 'lang must be a language tag such as "en" or "zh-CN"');
/** A search's country (Google's `gl`): a request's `region` and the `search.region` setting. */
export const SearchRegionSchema = z
  .string()
  .regex(/^[a-zA-Z]{2}$/, 'region must be a two-letter country code such as "us"');

/** A host name: labels of letters, digits and hyphens (IDNs in their xn-- form or as typed), dot-separated, a dot at least. */
export const DOMAIN_PATTERN =
  /^(?=.{1,253}$)(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}\p{N}][\p{L}\p{N}-]{0,62}$/u;

/**
 * Lenient as people write a site: "Example.com", "www.example.com/", "https://example.com/docs"
 * and "*.example.com" all mean the host (lower-cased, no scheme, path, port or leading "*.").
 */
export function domainOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim().toLowerCase();
  const withoutScheme = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  return withoutScheme
    .replace(/^\*\./, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
    .replace(/\.$/, '');
}

/** One domain: results from it and its subdomains ("example.com" covers docs.example.com). */
export const DomainSchema = z.preprocess(
  domainOf,
  z.string().regex(DOMAIN_PATTERN, 'must be a domain such as "example.com"'),
);

/** A list of domains; also as its JSON text or as one string of domains separated by commas or spaces. */
export const DomainListSchema = lenientList(
  z.array(DomainSchema).max(MAX_DOMAINS_PER_LIST, `at most ${MAX_DOMAINS_PER_LIST} domains`),
);

export const SearchRequestSchema = z.object({
  query: z
    .string()
    .max(MAX_QUERY_LENGTH, `query is longer than ${MAX_QUERY_LENGTH} characters`)
    .refine((q) => q.trim().length > 0, 'query is empty'),
  /** Pin one engine (no fallback), or `all`; default: the configured order with fallback. */
  engine: EngineChoiceSchema.optional(),
  /** This many results whenever the engine has them: its pages are read until they hold it (engine-search.ts). */
  limit: lenientNumber(z.number().int().min(1).max(100)).default(10),
  page: lenientNumber(z.number().int().min(1).max(50)).default(1),
  /** Default: the `search.lang` setting, else the language the query's script implies. */
  lang: SearchLangSchema.optional(),
  /** Default: the `search.region` setting, else none (the engine decides). */
  region: SearchRegionSchema.optional(),
  timeRange: TimeRangeSchema.optional(),
  safe: lenientBoolean(z.boolean()).optional(),
  /**
   * Only results from this domain (and its subdomains); the same as one includeDomains entry.
   * Each engine gets its own operator where it has one (site:), and the results are filtered too,
   * so an engine that ignores it still never shows another domain; `limit` is met from later pages.
   */
  site: DomainSchema.optional(),
  /** Only results from these domains (and their subdomains). */
  includeDomains: DomainListSchema.optional(),
  /** Never results from these domains (and their subdomains), whatever the engine returns. */
  excludeDomains: DomainListSchema.optional(),
});
/** What a caller sends (defaults optional). */
export type SearchRequestInput = z.input<typeof SearchRequestSchema>;
/** What the service works with (defaults applied). */
export type SearchRequest = z.output<typeof SearchRequestSchema>;

export const SearchResultSchema = z.object({
  /** 0-based position in this response. */
  index: z.number().int().min(0),
  title: z.string(),
  url: z.string(),
  snippet: z.string(),
  /** Registrable domain of `url` (public-suffix aware), e.g. "bbc.co.uk". */
  source: z.string(),
  date: z.string().optional(),
  /** With engine `all`: the engines that returned this result. */
  engines: z.array(EngineIdSchema).optional(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const FeaturedSnippetSchema = z.object({
  text: z.string(),
  title: z.string().optional(),
  url: z.string().optional(),
  source: z.string().optional(),
});
export type FeaturedSnippet = z.infer<typeof FeaturedSnippetSchema>;

export const TopStorySchema = z.object({
  title: z.string(),
  url: z.string(),
  source: z.string().optional(),
  date: z.string().optional(),
});
export type TopStory = z.infer<typeof TopStorySchema>;

/** An engine that was tried (or skipped) before the one that answered, and why it did not. */
export const EngineFailureSchema = z.object({
  engine: EngineIdSchema,
  code: z.string(),
  message: z.string(),
});
export type EngineFailure = z.infer<typeof EngineFailureSchema>;

export const SearchResponseSchema = z.object({
  searchId: z.string(),
  query: z.string(),
  /** The engine that answered (`all` for fused results). */
  engine: EngineChoiceSchema,
  /**
   * Engines that did not answer, in the order they were tried; and an engine that answered but
   * blocked a later page of the search (its results are those of the pages before; it is paused).
   */
  fallbacks: z.array(EngineFailureSchema).optional(),
  results: z.array(SearchResultSchema),
  featuredSnippet: FeaturedSnippetSchema.optional(),
  peopleAlsoAsk: z.array(z.string()).optional(),
  relatedSearches: z.array(z.string()).optional(),
  topStories: z.array(TopStorySchema).optional(),
  tookMs: z.number().int().min(0),
  fromCache: z.boolean().optional(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

/** Most queries one `searchMany` call takes; they run at once, each paced by its engine's queue. */
export const MAX_QUERIES_PER_SEARCH = 10;

/** Several queries sharing the other fields of a search request. */
export const SearchManyRequestSchema = SearchRequestSchema.omit({ query: true }).extend({
  queries: lenientArray(
    z
      .array(SearchRequestSchema.shape.query)
      .min(1, 'queries is empty')
      .max(MAX_QUERIES_PER_SEARCH, `at most ${MAX_QUERIES_PER_SEARCH} queries per request`),
  ),
});
export type SearchManyRequestInput = z.input<typeof SearchManyRequestSchema>;

export const ERROR_CODES = [
  'INVALID_INPUT',
  'CAPTCHA_REQUIRED',
  'CONSENT_REQUIRED',
  'ENGINE_BLOCKED',
  'ENGINE_LAYOUT_CHANGED',
  'ENGINE_UNREACHABLE',
  'TIMEOUT',
  'RATE_LIMITED',
  'BROWSER_NOT_FOUND',
  'BLOCKED_URL',
  'FETCH_FAILED',
  'UNSUPPORTED_CONTENT',
  'TOO_LARGE',
  'NOT_FOUND',
  'LLM_FAILED',
  'UNAUTHORIZED',
  /** The local API refused the request's Host or Origin (DNS rebinding, a web page calling). */
  'FORBIDDEN',
  'CANCELLED',
  'INTERNAL',
] as const;
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const ErrorInfoSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  retryAfterMs: z.number().int().min(0).optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorInfo = z.infer<typeof ErrorInfoSchema>;

/** The error body every door returns: `{"error": {code, message, …}}`. */
export const ErrorResponseSchema = z.object({ error: ErrorInfoSchema });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** One query of a `searchMany`: its response, or why it failed (the others still ran). */
export const SearchOutcomeSchema = z.discriminatedUnion('ok', [
  z.object({ query: z.string(), ok: z.literal(true), response: SearchResponseSchema }),
  z.object({ query: z.string(), ok: z.literal(false), error: ErrorInfoSchema }),
]);
export type SearchOutcome = z.infer<typeof SearchOutcomeSchema>;

/** One outcome per query, in the order asked. */
export const SearchManyResponseSchema = z.object({ results: z.array(SearchOutcomeSchema) });
export type SearchManyResponse = z.infer<typeof SearchManyResponseSchema>;
