/**
 * The number a turn's answer cites its source by: the `n` it was stored with (a follow-up keeps
 * the numbers its thread gave, so a turn's sources need not be 1, 2, 3), else its place, from 1.
 */
export function sourceNumber(source: { n?: unknown }, index: number): number {
  const n = source.n;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : index + 1;
}
