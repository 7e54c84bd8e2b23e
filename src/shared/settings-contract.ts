/**
 * The settings part of the contract: the settings file's shape with its defaults, and the
 * partial update every door validates before `settings.update` applies it.
 */
import ipaddr from 'ipaddr.js';
import * as z from 'zod';
import { EngineIdSchema, SearchLangSchema, SearchRegionSchema } from './contract';
import { LLM_PRESET_BASE_URLS, LLM_PRESETS } from './llm-presets';
import { SourceListSchema, SourceListsSchema } from './source-lists';

/** Bump with a numbered upgrade (src/main/settings/settings.ts) when the shape changes. */
export const SETTINGS_VERSION = 1;

const EnginesSchema = z.array(EngineIdSchema).min(1, 'list at least one engine');
const ConsentSchema = z.enum(['reject', 'accept']);
const PageTimeoutSchema = z.number().int().min(100).max(600_000);
const ResultCacheTtlSchema = z.number().int().min(0);
const CidrSchema = z.string().refine((cidr) => ipaddr.isValidCIDR(cidr.trim()), {
  error: (issue) => `"${String(issue.input)}" is not a CIDR range such as 198.18.0.0/15`,
});
const ProxySchema = z.url({ protocol: /^https?$/, error: 'the proxy must be an http(s) URL' });

// The values live without zod in llm-presets.ts (the renderer's); the contract exports them with their schemas.
export { LLM_PRESET_BASE_URLS };
export const LlmPresetSchema = z.enum(LLM_PRESETS);
export type LlmPreset = z.infer<typeof LlmPresetSchema>;
const LlmBaseUrlSchema = z
  .url({ protocol: /^https?$/, error: 'the model endpoint must be an http(s) URL' })
  .refine((url) => !/^[a-z]+:\/\/[^/?#]*@/i.test(url), {
    error: 'no user name or password in the URL: the API key goes in LANTERN_LLM_API_KEY or the llm-key file',
  });
const LlmModelSchema = z.string().trim().min(1, 'name a model, e.g. gpt-4o-mini or llama3.2');
const LlmTimeoutSchema = z.number().int().min(1_000).max(600_000);

const LocalApiPortSchema = z.number().int().min(1024).max(65_535);

export const SettingsSchema = z.object({
  version: z.literal(SETTINGS_VERSION).default(SETTINGS_VERSION),
  /** Engines in the order they are tried; the next answers when one is blocked or unreachable. */
  engines: EnginesSchema.default(['google', 'bing', 'duckduckgo']),
  /** How a consent wall is answered once per session without asking. */
  consent: ConsentSchema.default('reject'),
  /** Page budget for one engine page; starting the browser has a limit of its own (load-budget.ts). */
  pageTimeoutMs: PageTimeoutSchema.default(5_000),
  /** Recent searches answered from the store for this long. */
  resultCacheTtlMs: ResultCacheTtlSchema.default(10 * 60_000),
  /**
   * What a search asks the engines for when the request says nothing (a request's own lang or
   * region wins). Without `lang`, the language the query's script implies (none for Latin script).
   */
  search: z
    .object({
      /** Language tag such as "en" or "zh-CN" (Google's hl, Bing's setlang). */
      lang: SearchLangSchema.optional(),
      /** Two-letter country code such as "us" (Google's gl, Bing's cc, DuckDuckGo's kl). */
      region: SearchRegionSchema.optional(),
    })
    .prefault({}),
  /**
   * The person's sources (source-lists.ts): blocked, lowered, raised and pinned domains or
   * uBlacklist rules, applied to every search and so to every answer and deep research.
   */
  sources: SourceListsSchema.prefault({}),
  fetch: z
    .object({
      /** Let fetch reach private, loopback and link-local addresses. */
      allowPrivateNetworks: z.boolean().default(false),
      /** CIDR ranges to treat as public (proxies with fake-IP DNS, e.g. 198.18.0.0/15). */
      publicRanges: z.array(CidrSchema).default([]),
      /** An http(s) proxy URL every fetch goes through (the render fallback's browser too). */
      proxy: ProxySchema.optional(),
      /**
       * Render script-built pages even where Chromium's sandbox cannot start (Lantern running as
       * root, e.g. in a container). Off by default: an untrusted page would run unsandboxed.
       */
      renderWithoutSandbox: z.boolean().default(false),
    })
    .prefault({}),
  /**
   * The model answers are written with (any OpenAI-compatible endpoint). No model: answers are
   * extractive. The API key is a secret and never lives here (LANTERN_LLM_API_KEY or the 0600
   * file llm-key in the data dir).
   */
  llm: z
    .object({
      /** Fills the base URL; `custom` has none, so it needs `baseUrl`. */
      preset: LlmPresetSchema.default('openai'),
      /** Overrides the preset's base URL (the part before /chat/completions). */
      baseUrl: LlmBaseUrlSchema.optional(),
      model: LlmModelSchema.optional(),
      /** Budget for one whole completion, first byte to last. */
      timeoutMs: LlmTimeoutSchema.default(120_000),
    })
    .prefault({}),
  /** The desktop app only. */
  desktop: z
    .object({
      /**
       * Start the local API (REST + MCP on 127.0.0.1, bearer token) with the app, so agents share
       * the person's browser session and CAPTCHA flow. Applies at the next start of the app.
       */
      localApi: z.boolean().default(true),
      /** The port tried first (another free one when it is taken; the discovery file tells agents). */
      localApiPort: LocalApiPortSchema.default(7777),
    })
    .prefault({}),
  /** What the MCP tools (`lantern mcp`, `/mcp`) give besides their text. */
  mcp: z
    .object({
      /**
       * Declare output schemas in tools/list and return each result as structured content too,
       * for programs that read it. Off by default: the schemas cost every agent's conversation
       * about 1,300 tokens before its first call, and models read the text.
       */
      structuredContent: z.boolean().default(false),
    })
    .prefault({}),
});
export type Settings = z.output<typeof SettingsSchema>;

/**
 * A change to some settings; what it leaves out stays as it is. Unknown keys are refused, so a
 * misspelt key is an error rather than a change that silently does nothing. `fetch.proxy: null`
 * removes the proxy; `llm.baseUrl: null`, `llm.model: null`, `search.lang: null` and
 * `search.region: null` remove those.
 */
export const SettingsPatchSchema = z
  .object({
    engines: EnginesSchema,
    consent: ConsentSchema,
    pageTimeoutMs: PageTimeoutSchema,
    resultCacheTtlMs: ResultCacheTtlSchema,
    /** `search.lang: null` and `search.region: null` remove those. */
    search: z.object({ lang: SearchLangSchema.nullable(), region: SearchRegionSchema.nullable() }).partial().strict(),
    /** Each list given replaces that list (as an array, or a uBlacklist export's text). */
    sources: z
      .object({ block: SourceListSchema, lower: SourceListSchema, raise: SourceListSchema, pin: SourceListSchema })
      .partial()
      .strict(),
    fetch: z
      .object({
        allowPrivateNetworks: z.boolean(),
        publicRanges: z.array(CidrSchema),
        proxy: ProxySchema.nullable(),
        renderWithoutSandbox: z.boolean(),
      })
      .partial()
      .strict(),
    /** `llm.baseUrl: null` goes back to the preset's URL; `llm.model: null` turns the model off. */
    llm: z
      .object({
        preset: LlmPresetSchema,
        baseUrl: LlmBaseUrlSchema.nullable(),
        model: LlmModelSchema.nullable(),
        timeoutMs: LlmTimeoutSchema,
      })
      .partial()
      .strict(),
    desktop: z.object({ localApi: z.boolean(), localApiPort: LocalApiPortSchema }).partial().strict(),
    mcp: z.object({ structuredContent: z.boolean() }).partial().strict(),
  })
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;
