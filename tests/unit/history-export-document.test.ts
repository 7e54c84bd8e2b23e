import { describe, expect, it } from 'vitest';
import { threadToDocument } from '../../src/main/history/export-document';
import type { Thread } from '../../src/shared/history-contract';
import { storedTurn as turn } from '../support/stored-turn';

describe('threadToDocument of a follow-up that kept its thread’s numbers', () => {
  // Turn 2 read /cop again (it keeps [1]) and a new page, numbered [3] after turn 1's two.
  const thread = {
    id: 1,
    title: 'Heat pumps',
    createdAt: Date.UTC(2026, 0, 15),
    updatedAt: Date.UTC(2026, 0, 15),
    turnCount: 2,
    turns: [
      turn(0, {
        answer: 'A COP of 3 is common [1].',
        sources: [
          { url: 'https://energy.example/cop', title: 'COP', n: 1, quotes: ['A COP of 3'] },
          { url: 'https://cold.example/', title: 'Cold', n: 2, quotes: [] },
        ],
      }),
      turn(1, {
        answer: 'Defrost cycles cost energy [3]. The COP still holds [1].',
        sources: [
          { url: 'https://defrost.example/', title: 'Defrost', n: 3, quotes: ['Defrost cycles'] },
          { url: 'https://energy.example/cop', title: 'COP', n: 1, quotes: ['COP holds'] },
        ],
      }),
    ],
  } as Thread;
  const document = threadToDocument(thread, new Date(Date.UTC(2026, 1, 1)));

  it('cites the note of the source holding that number, with that source’s quotes; nothing cited is listed uncited', () => {
    const cites = document.turns[1]?.blocks.flatMap((block) =>
      block.kind === 'paragraph'
        ? block.inlines.flatMap((inline) => (inline.kind === 'cite' ? [inline.note] : []))
        : [],
    );
    expect(cites).toEqual([3, 4]);
    expect(document.notes.slice(2).map((note) => [note.number, note.url, note.quotes])).toEqual([
      [3, 'https://defrost.example/', ['Defrost cycles']],
      [4, 'https://energy.example/cop', ['COP holds']],
    ]);
    expect(document.turns[1]?.uncited).toEqual([]);
    expect(document.turns[0]?.uncited).toEqual([2]);
  });
});
