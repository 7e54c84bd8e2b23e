/**
 * The number a turn's answer cites its source by: the `n` it was stored with (a follow-up keeps
 * the numbers its thread gave, so a turn's sources need not be 1, 2, 3), else its place, from 1.
 */
export function sourceNumber(source: object, index: number): number {
  // Any stored source: the older ones have no `n`.
  const n = 'n' in source ? source.n : undefined;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : index + 1;
}
