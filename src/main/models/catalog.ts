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
  url: z.url({ protocol: /^https$/ }),
  sizeBytes: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  ramBytes: z.number().int().positive(),
  contextLength: z.number().int().positive(),
});
export type CatalogEntry = z.infer<typeof CatalogEntrySchema>;

export const CATALOG: readonly CatalogEntry[] = z.object({ models: z.array(CatalogEntrySchema) }).parse(catalogJson).models;

export function catalogEntry(id: string): CatalogEntry | undefined {
  return CATALOG.find((entry) => entry.id === id);
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
