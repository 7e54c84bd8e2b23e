/**
 * The two data sets' own metrics, reimplemented exactly.
 *
 * Tokens are Python's Unicode `\w+`, written here as /[\p{L}\p{N}_]+/gu: Python's `re` matches `\w`
 * on str patterns as `ch.isalnum() or ch == '_'`, i.e. letters (L*), numbers (N*) and the
 * underscore; combining marks are not word characters there either.
 */
const WORD = /[\p{L}\p{N}_]+/gu;

export function tokenize(text: string): string[] {
  return text.match(WORD) ?? [];
}

// ---------------------------------------------------------------- article-extraction-benchmark

export interface ShingleCounts {
  /** Normalised so tp + fp + fn = 1 (when any is non-zero), as the benchmark does. */
  tp: number;
  fp: number;
  fn: number;
  /** Token lists equal (accuracy). */
  exact: boolean;
}

function shingles(tokens: string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  const last = Math.max(1, tokens.length - n + 1);
  for (let i = 0; i < last; i++) {
    const slice = tokens.slice(i, i + n);
    if (slice.length === 0) continue;
    const key = slice.join('\u0001');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Multiset overlap of 4-token shingles (case kept), normalised per page. */
export function shingleMatch(truth: string, predicted: string, n = 4): ShingleCounts {
  const trueTokens = tokenize(truth);
  const predTokens = tokenize(predicted);
  const t = shingles(trueTokens, n);
  const p = shingles(predTokens, n);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const [key, tc] of t) {
    const pc = p.get(key) ?? 0;
    tp += Math.min(tc, pc);
    fn += Math.max(0, tc - pc);
  }
  for (const [key, pc] of p) fp += Math.max(0, pc - (t.get(key) ?? 0));
  const sum = tp + fp + fn;
  const exact = trueTokens.length === predTokens.length && trueTokens.every((tok, i) => tok === predTokens[i]);
  return sum > 0 ? { tp: tp / sum, fp: fp / sum, fn: fn / sum, exact } : { tp, fp, fn, exact };
}

export interface AebScores {
  f1: number;
  precision: number;
  recall: number;
  accuracy: number;
  pages: number;
}

function precisionScore({ tp, fp, fn }: ShingleCounts): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fp === 0) return 0;
  return tp / (tp + fp);
}

function recallScore({ tp, fp, fn }: ShingleCounts): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fn === 0) return 0;
  return tp / (tp + fn);
}

/** Mean precision over pages with tp+fp > 0, mean recall over pages with tp+fn > 0, F1 of the means. */
export function aebScores(counts: ShingleCounts[]): AebScores {
  const ps = counts.filter((c) => c.tp + c.fp > 0).map(precisionScore);
  const rs = counts.filter((c) => c.tp + c.fn > 0).map(recallScore);
  const precision = mean(ps);
  const recall = mean(rs);
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  const accuracy = mean(counts.map((c) => (c.exact ? 1 : 0)));
  return { f1, precision, recall, accuracy, pages: counts.length };
}

// ---------------------------------------------------------------- WCXB

export interface WordScore {
  precision: number;
  recall: number;
  f1: number;
}

function bag(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokenize(text.toLowerCase())) counts.set(token, (counts.get(token) ?? 0) + 1);
  return counts;
}

/**
 * WCXB word_f1: bag-of-words over lower-cased tokens. An empty reference scores 1 only against
 * an empty output; an empty output scores 0.
 */
export function wordScore(predicted: string, reference: string): WordScore {
  const pred = bag(predicted);
  const ref = bag(reference);
  if (ref.size === 0) {
    const v = pred.size === 0 ? 1 : 0;
    return { precision: v, recall: v, f1: v };
  }
  if (pred.size === 0) return { precision: 0, recall: 0, f1: 0 };
  let overlap = 0;
  let predTotal = 0;
  let refTotal = 0;
  for (const [token, count] of pred) {
    predTotal += count;
    overlap += Math.min(count, ref.get(token) ?? 0);
  }
  for (const count of ref.values()) refTotal += count;
  const precision = overlap / predTotal;
  const recall = overlap / refTotal;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

/** Shares of with[] snippets found and without[] snippets kept (case-insensitive substring). */
export function snippetShares(
  predicted: string,
  withSnippets: string[],
  withoutSnippets: string[],
): { found: number | undefined; kept: number | undefined } {
  const haystack = predicted.toLowerCase();
  const share = (list: string[]): number | undefined =>
    list.length === 0 ? undefined : list.filter((s) => haystack.includes(s.toLowerCase())).length / list.length;
  return { found: share(withSnippets), kept: share(withoutSnippets) };
}

export interface WcxbPageResult extends WordScore {
  pageType: string;
  found: number | undefined;
  kept: number | undefined;
}

export interface WcxbGroupScores {
  pages: number;
  f1: number;
  precision: number;
  recall: number;
  withFound: number;
  withoutKept: number;
}

export function wcxbScores(results: WcxbPageResult[]): {
  overall: WcxbGroupScores;
  byType: Record<string, WcxbGroupScores>;
} {
  const group = (rs: WcxbPageResult[]): WcxbGroupScores => ({
    pages: rs.length,
    f1: mean(rs.map((r) => r.f1)),
    precision: mean(rs.map((r) => r.precision)),
    recall: mean(rs.map((r) => r.recall)),
    withFound: mean(rs.map((r) => r.found).filter((v): v is number => v !== undefined)),
    withoutKept: mean(rs.map((r) => r.kept).filter((v): v is number => v !== undefined)),
  });
  const types = [...new Set(results.map((r) => r.pageType))].sort();
  const byType: Record<string, WcxbGroupScores> = {};
  for (const type of types) byType[type] = group(results.filter((r) => r.pageType === type));
  return { overall: group(results), byType };
}

// ---------------------------------------------------------------- trafilatura's evaluation

export interface SegmentCounts {
  tp: number;
  fn: number;
  fp: number;
  tn: number;
}

/** Whitespace runs become one space, so that a segment spanning a line break still matches. */
function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * trafilatura's evaluation of one page: a `with` segment found in the text (substring, case
 * kept) is a true positive, missing a false negative; a `without` segment found is a false
 * positive, absent a true negative.
 */
export function segmentMatch(predicted: string, withSegments: string[], withoutSegments: string[]): SegmentCounts {
  const text = squeeze(predicted);
  const found = (segment: string): boolean => text.includes(squeeze(segment));
  const tp = withSegments.filter(found).length;
  const fp = withoutSegments.filter(found).length;
  return { tp, fn: withSegments.length - tp, fp, tn: withoutSegments.length - fp };
}

export interface SegmentScores extends SegmentCounts {
  precision: number;
  recall: number;
  accuracy: number;
  f1: number;
  pages: number;
}

/** Counts pooled over all pages, then precision, recall, accuracy = (tp+tn)/all, F = 2PR/(P+R). */
export function segmentScores(counts: SegmentCounts[]): SegmentScores {
  const sum = (key: keyof SegmentCounts): number => counts.reduce((a, c) => a + c[key], 0);
  const tp = sum('tp');
  const fn = sum('fn');
  const fp = sum('fp');
  const tn = sum('tn');
  const precision = tp + fp > 0 ? tp / (tp + fp) : 0;
  const recall = tp + fn > 0 ? tp / (tp + fn) : 0;
  const all = tp + fn + fp + tn;
  const accuracy = all > 0 ? (tp + tn) / all : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { tp, fn, fp, tn, precision, recall, accuracy, f1, pages: counts.length };
}

function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}
