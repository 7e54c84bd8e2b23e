/**
 * The person's own lists of sources (settings `sources`): domains or pages they block, lower,
 * raise or pin in every search — and so in every answer and deep research, which search through
 * the same service. An entry is a domain ("example.com", its subdomains too) or a WebExtension
 * match pattern as uBlacklist writes its rules ("*://*.example.com/*", "https://example.com/docs/*").
 * A list may be given as the text of a uBlacklist export: one rule a line, `#` comments and blank
 * lines skipped; its other kinds of rule (regular expressions, `@` exceptions, title rules) are
 * refused by name rather than dropped without a word.
 */
import * as z from 'zod';
import { DOMAIN_PATTERN, domainOf } from './contract';
import { SOURCE_LIST_NAMES, uBlacklistRules, type SourceListName } from './source-list-rules';

// The values live without zod in source-list-rules.ts (the renderer's); exported here with their schemas.
export { SOURCE_LIST_NAMES, uBlacklistRules, type SourceListName };

/** Most entries one list holds (uBlacklist's shared lists run to a few thousand). */
export const MAX_SOURCE_RULES = 5_000;

/** scheme://host/path as a match pattern has it: * or http(s); *, *.host or host; a path from "/". */
const MATCH_PATTERN = /^(?:\*|https?):\/\/(?:\*|(?:\*\.)?[^/*:]+)(?::\d+)?\/.*$/;

function unsupportedRule(rule: string): string | undefined {
  if (rule.startsWith('/')) return 'regular-expression rules are not supported';
  if (rule.startsWith('@'))
    return 'uBlacklist exceptions and highlights (@) are not supported: put the site in the raise list';
  if (rule.startsWith('title/')) return 'title rules are not supported';
  return undefined;
}

/** A match pattern as written (trimmed); anything else read as a domain is (domainOf). */
function normalizeRule(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const rule = value.trim();
  return rule.includes('://') || unsupportedRule(rule) !== undefined ? rule : domainOf(rule);
}

/** One entry: a match pattern, else a domain. */
export const SourceRuleSchema = z.preprocess(
  normalizeRule,
  z.string().superRefine((rule, ctx) => {
    const unsupported = unsupportedRule(rule);
    if (unsupported !== undefined) ctx.addIssue({ code: 'custom', message: `"${rule}": ${unsupported}` });
    else if (rule.includes('://') ? !MATCH_PATTERN.test(rule) : !DOMAIN_PATTERN.test(rule)) {
      ctx.addIssue({
        code: 'custom',
        message: `"${rule}" is neither a domain such as example.com nor a match pattern such as *://*.example.com/*`,
      });
    }
  }),
);

/** A list: an array of entries, or the text of a uBlacklist export (one rule a line). */
export const SourceListSchema = z.preprocess(
  (value) => (typeof value === 'string' ? uBlacklistRules(value) : value),
  z.array(SourceRuleSchema).max(MAX_SOURCE_RULES, `at most ${MAX_SOURCE_RULES} entries a list`),
);

export const SourceListsSchema = z.object({
  /** Never shown: filtered out of every search, and so never read by an answer or deep research. */
  block: SourceListSchema.default([]),
  /** Shown after every other result. */
  lower: SourceListSchema.default([]),
  /** Shown before the other results (after the pinned ones). */
  raise: SourceListSchema.default([]),
  /** Shown first. */
  pin: SourceListSchema.default([]),
});
export type SourceLists = z.output<typeof SourceListsSchema>;
