/**
 * The names of the person's source lists and the reading of a uBlacklist export's text, without
 * zod (the renderer's; source-lists.ts builds the schemas on them and exports them too).
 */

export const SOURCE_LIST_NAMES = ['block', 'lower', 'raise', 'pin'] as const;
export type SourceListName = (typeof SOURCE_LIST_NAMES)[number];

/** The lines of a uBlacklist export that are rules: no blank lines or # comments. */
export function uBlacklistRules(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}
