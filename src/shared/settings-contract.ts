/**
 * The settings part of the contract: the settings file's shape with its defaults, and the
 * partial update every door validates before `settings.update` applies it.
 */
import ipaddr from 'ipaddr.js';
import * as z from 'zod';
import { EngineIdSchema } from './contract';

/** Bump with a numbered upgrade (src/main/settings.ts) when the shape changes. */
export const SETTINGS_VERSION = 1;

const EnginesSchema = z.array(EngineIdSchema).min(1, 'list at least one engine');
const ConsentSchema = z.enum(['reject', 'accept']);
const PageTimeoutSchema = z.number().int().min(100).max(600_000);
const ResultCacheTtlSchema = z.number().int().min(0);
const CidrSchema = z.string().refine((cidr) => ipaddr.isValidCIDR(cidr.trim()), {
  error: (issue) => `"${String(issue.input)}" is not a CIDR range such as 198.18.0.0/15`,
});
const ProxySchema = z.url({ protocol: /^https?$/, error: 'the proxy must be an http(s) URL' });

export const SettingsSchema = z.object({
  version: z.literal(SETTINGS_VERSION).default(SETTINGS_VERSION),
  /** Engines in the order they are tried; the next answers when one is blocked or unreachable. */
  engines: EnginesSchema.default(['google', 'bing', 'duckduckgo']),
  /** How a consent wall is answered once per session without asking. */
  consent: ConsentSchema.default('reject'),
  /** Page budget for one engine page, browser launch included. */
  pageTimeoutMs: PageTimeoutSchema.default(5_000),
  /** Recent searches answered from the store for this long. */
  resultCacheTtlMs: ResultCacheTtlSchema.default(10 * 60_000),
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
});
export type Settings = z.output<typeof SettingsSchema>;

/**
 * A change to some settings; what it leaves out stays as it is. Unknown keys are refused, so a
 * misspelt key is an error rather than a change that silently does nothing. `fetch.proxy: null`
 * removes the proxy.
 */
export const SettingsPatchSchema = z
  .object({
    engines: EnginesSchema,
    consent: ConsentSchema,
    pageTimeoutMs: PageTimeoutSchema,
    resultCacheTtlMs: ResultCacheTtlSchema,
    fetch: z
      .object({
        allowPrivateNetworks: z.boolean(),
        publicRanges: z.array(CidrSchema),
        proxy: ProxySchema.nullable(),
        renderWithoutSandbox: z.boolean(),
      })
      .partial()
      .strict(),
  })
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;
