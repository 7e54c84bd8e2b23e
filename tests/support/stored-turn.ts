import type { Turn } from '../../src/main/store';

/** A stored turn of thread 1 at `position`, empty but for `fields`: for the export tests. */
export function storedTurn(position: number, fields: Partial<Turn>): Turn {
  return {
    id: position + 1,
    threadId: 1,
    position,
    question: 'q',
    mode: 'answer',
    answer: '',
    citations: [],
    sources: [],
    timings: {},
    createdAt: Date.UTC(2026, 0, 15),
    ...fields,
  };
}
