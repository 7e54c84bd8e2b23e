import { describe, expect, it } from 'vitest';
import { CATALOG, catalogEntry, fitOf } from '../../src/main/models/catalog';

describe('the model catalog', () => {
  it('holds small instruct models, each with a file name, an https source, a size and a sha256', () => {
    expect(CATALOG.length).toBeGreaterThanOrEqual(3);
    for (const entry of CATALOG) {
      expect(entry.file).toMatch(/\.gguf$/);
      expect(new URL(entry.url).protocol).toBe('https:');
      expect(entry.sha256).toMatch(/^[0-9a-f]{64}$/);
      // The memory an answer takes is more than the weights on disk.
      expect(entry.ramBytes).toBeGreaterThan(entry.sizeBytes);
    }
    expect(new Set(CATALOG.map((entry) => entry.id)).size).toBe(CATALOG.length);
    expect(catalogEntry('qwen3-4b')?.licence).toBe('Apache-2.0');
    expect(catalogEntry('nope')).toBeUndefined();
  });
});

describe('fitOf', () => {
  const GB = 1e9;
  it('fits in free memory, is tight when only the machine’s total could hold it, too big beyond three quarters of it', () => {
    expect(fitOf({ ramBytes: 2 * GB }, { totalBytes: 16 * GB, freeBytes: 4 * GB })).toBe('fits');
    expect(fitOf({ ramBytes: 3.5 * GB }, { totalBytes: 8 * GB, freeBytes: 2 * GB })).toBe('tight');
    expect(fitOf({ ramBytes: 3.5 * GB }, { totalBytes: 4 * GB, freeBytes: 1 * GB })).toBe('too-big');
  });
});
