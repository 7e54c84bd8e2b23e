/**
 * PDF text as pdf.js gives it, a line break at every printed line: the breaks the layout made are
 * joined, the writer's (a sentence's end, a heading, a list) kept.
 */
import { describe, expect, it } from 'vitest';
import { joinWrappedLines } from '../../src/main/fetch/pdf-text';

describe('joinWrappedLines', () => {
  it('joins a sentence the printed line cut, before a word in lower case or a number', () => {
    expect(joinWrappedLines('The lamp was converted in 1932 after the great storm of\nthat spring.')).toBe(
      'The lamp was converted in 1932 after the great storm of that spring.',
    );
    expect(joinWrappedLines('It was converted to electric power in\n1932.')).toBe(
      'It was converted to electric power in 1932.',
    );
    expect(joinWrappedLines('Die Lampe wurde nach dem großen\nsturmreichen Frühjahr umgebaut.')).toBe(
      'Die Lampe wurde nach dem großen sturmreichen Frühjahr umgebaut.',
    );
    expect(joinWrappedLines('a well-\nknown keeper')).toBe('a well-known keeper');
  });

  it('keeps the breaks the writer made: a sentence’s end, a heading, a list, a colon', () => {
    const kept = [
      'The log opens in winter.\nthe keepers arrived later.',
      'Lighthouse log\nThe Vellmar lamp',
      'Three steps:\n1. Clean the lens\n2. Trim the wick',
      'Steps\n1. Clean the lens\n2) Trim the wick',
      'Keepers\nAnna\nMarek',
    ];
    for (const text of kept) expect(joinWrappedLines(text)).toBe(text);
  });
});
