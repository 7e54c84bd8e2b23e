/**
 * Deep research's budgets and plan size, as plain values: the contract's schemas
 * (research-contract.ts) build on them, and the renderer imports them from here, never from the
 * schema module (its zod would come along into the UI's bundle).
 */
export const DEFAULT_RESEARCH_PAGES = 20;
export const MAX_RESEARCH_PAGES = 40;
export const DEFAULT_RESEARCH_TIME_MS = 90_000;
export const MAX_RESEARCH_TIME_MS = 600_000;
export const MAX_SUB_QUESTIONS = 6;
