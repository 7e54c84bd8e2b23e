import type { EngineId, SearchResult } from '../../shared/contract';

/** The usual constant of reciprocal rank fusion (Cormack et al. 2009). */
const RRF_K = 60;

/** Normalised URL for de-duplication: no scheme, no www., no fragment, no trailing slash. */
export function dedupeKey(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname.replace(/^www\./, '')}${parsed.pathname.replace(/\/+$/, '')}${parsed.search}`.toLowerCase();
  } catch {
    return url;
  }
}

/**
 * Fuses ranked lists from several engines by reciprocal rank fusion: a result's score is the sum
 * of 1/(k + rank) over the engines that returned it. Results are de-duplicated by normalised URL;
 * each keeps the title and snippet of its best-ranked appearance and names its engines.
 */
export function fuseByReciprocalRank(
  lists: ReadonlyArray<{ engine: EngineId; results: readonly SearchResult[] }>,
  limit: number,
): SearchResult[] {
  const fused = new Map<string, { result: SearchResult; score: number; bestRank: number; engines: EngineId[] }>();
  for (const { engine, results } of lists) {
    results.forEach((result, rank) => {
      const key = dedupeKey(result.url);
      const entry = fused.get(key);
      const contribution = 1 / (RRF_K + rank + 1);
      if (!entry) {
        fused.set(key, { result, score: contribution, bestRank: rank, engines: [engine] });
        return;
      }
      entry.score += contribution;
      if (!entry.engines.includes(engine)) entry.engines.push(engine);
      if (rank < entry.bestRank) {
        entry.bestRank = rank;
        entry.result = result;
      }
    });
  }
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.bestRank - b.bestRank)
    .slice(0, limit)
    .map(({ result, engines }, index) => ({ ...result, index, engines }));
}
