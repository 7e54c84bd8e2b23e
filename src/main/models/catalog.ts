/**
 * The models Lantern offers to download (catalog.json): small instruct GGUF models whose licence
 * lets anyone run them, each with its file's size and sha256 (checked before use, download.ts),
 * the memory it needs to answer (weights, plus the key/value cache of a 4,096-token context and
 * llama.cpp's compute buffers), and the fit for this machine.
 */
import { z } from 'zod';
import catalogJson from './catalog.json' with { type: 'json' };

const CatalogEntrySchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9.-]*$/),
  name: z.string(),
  parameters: z.string(),
  licence: z.string(),
  /** Its name in the models folder: no path. */
  file: z.string().regex(/^[\w.-]+\.gguf$/),
  // https, or http on loopback for a test's catalog (LANTERN_MODEL_CATALOG) served on this machine.
  url: z
    .url({ protocol: /^https?$/ })
    .refine((url) => url.startsWith('https:') || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(url), {
      error: 'a model is downloaded over https (http only from this machine)',
    }),
  sizeBytes: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  ramBytes: z.number().int().positive(),
  contextLength: z.number().int().positive(),
});
export type CatalogEntry = z.infer<typeof CatalogEntrySchema>;

const CatalogSchema = z.object({ models: z.array(CatalogEntrySchema) });

export const CATALOG: readonly CatalogEntry[] = CatalogSchema.parse(catalogJson).models;

/** A catalog of the same shape as catalog.json, e.g. a test's (LANTERN_MODEL_CATALOG names its file). */
export function parseCatalog(json: unknown): readonly CatalogEntry[] {
  return CatalogSchema.parse(json).models;
}

export function catalogEntry(id: string, catalog: readonly CatalogEntry[] = CATALOG): CatalogEntry | undefined {
  return catalog.find((entry) => entry.id === id);
}

/** How a model fits this machine's memory: `fits` in what is free now, `tight` only if other programs give some back, `too-big` for the machine. */
export type Fit = 'fits' | 'tight' | 'too-big';

/** The fit of a model, given the machine's memory (os.totalmem, os.freemem). */
export function fitOf(entry: Pick<CatalogEntry, 'ramBytes'>, memory: { totalBytes: number; freeBytes: number }): Fit {
  if (entry.ramBytes <= memory.freeBytes) return 'fits';
  // The system and the rest of Lantern (its browser) need their share even when all else is closed.
  if (entry.ramBytes <= memory.totalBytes * 0.75) return 'tight';
  return 'too-big';
}

/** What an answer is taken to need: a prompt of about 1,500 tokens (the passages, the rules) and about 250 tokens written. */
const PROMPT_TOKENS = 1500;
const ANSWER_TOKENS = 250;

/**
 * Seconds per answer on this machine's CPU, estimated from the file's size, not measured: writing
 * a token reads every weight once, so on a CPU it runs at about the memory's speed over the file's
 * size (taken as 20 GB/s, what a desktop's dual-channel memory gives in practice); reading the prompt costs about two
 * operations per weight per token (taken as 100 GFLOP/s a core for llama.cpp's quantised kernels,
 * on every core but one, as the runtime uses them). A GPU would be faster; this says the CPU.
 */
export function secondsPerAnswer(entry: Pick<CatalogEntry, 'sizeBytes'>, cores: number): number {
  const weights = entry.sizeBytes * 1.8; // Q4_K_M: about 4.5 bits a weight
  const threads = Math.max(1, cores - 1);
  const promptSeconds = (PROMPT_TOKENS * 2 * weights) / (threads * 100e9);
  const writeSeconds = ANSWER_TOKENS / (20e9 / entry.sizeBytes);
  return promptSeconds + writeSeconds;
}

/** "about 20 s per answer on this machine's CPU (4 cores; an estimate from the model's size, not measured)". */
export function estimateText(entry: Pick<CatalogEntry, 'sizeBytes'>, cores: number): string {
  const seconds = secondsPerAnswer(entry, cores);
  const rounded = seconds < 10 ? Math.max(1, Math.round(seconds)) : Math.round(seconds / 5) * 5;
  const time = rounded >= 120 ? `${Math.round(rounded / 60)} min` : `${rounded} s`;
  return `about ${time} per answer on this machine's CPU (${cores} ${cores === 1 ? 'core' : 'cores'}; an estimate from the model's size, not measured)`;
}
