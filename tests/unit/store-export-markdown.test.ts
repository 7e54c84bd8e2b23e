import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import type { Thread } from '../../src/main/store';
import { storedTurn as turn } from '../support/stored-turn';
import { threadToMarkdown } from '../../src/main/store/export-markdown';

const thread: Thread = {
  id: 1,
  title: 'Heat pumps [draft] *notes*',
  createdAt: Date.UTC(2026, 0, 15),
  updatedAt: Date.UTC(2026, 0, 15),
  turnCount: 2,
  turns: [
    turn(0, {
      question: 'How efficient are heat pumps?',
      answer: 'A COP of 3 is common [1]. Cold climates lower it [2, 1].\n\n```\nkeep [1] in code\n```',
      sources: [
        { url: 'https://energy.example/cop', title: 'COP explained [PDF]' },
        { url: 'https://cold.example/a b', title: 'Cold *climate* study' },
        { url: 'https://unused.example/', title: '' },
      ],
    }),
    turn(1, {
      question: '热泵在中国多常见?',
      answer: '热泵在北方越来越常见 [1]。',
      sources: [{ url: 'https://zh.example/热泵', title: '热泵报告' }],
    }),
  ],
};

function render(markdown: string): string {
  return micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
}

describe('threadToMarkdown', () => {
  const markdown = threadToMarkdown(thread, new Date(Date.UTC(2026, 1, 1)));
  const html = render(markdown);

  it('renders one footnote per source, each linking its URL', () => {
    const items = [...html.matchAll(/<li id="user-content-fn-(\d+)">([\s\S]*?)<\/li>/g)];
    expect(items.map((m) => m[1])).toEqual(['1', '2', '3', '4']);
    const urls = [
      'https://energy.example/cop',
      'https://cold.example/a%20b',
      'https://unused.example/',
      'https://zh.example/%E7%83%AD%E6%B3%B5',
    ];
    items.forEach((item, i) => expect(item[2]).toContain(`href="${urls[i]}"`));
  });

  it('turns citations into footnote references numbered through the document', () => {
    expect(markdown).toContain('A COP of 3 is common [^1]. Cold climates lower it [^2][^1].');
    expect(markdown).toContain('热泵在北方越来越常见 [^4]。');
    // The second turn's [1] is the document's fourth source.
    expect(html).toContain('<a href="#user-content-fn-4"');
    expect(markdown).toContain('keep [1] in code');
  });

  it('references sources the answer does not cite, so their footnotes render', () => {
    expect(markdown).toContain('Also consulted: [^3]');
    expect(html).toContain('<a href="#user-content-fn-3"');
  });

  it('keeps titles literal: brackets and asterisks are escaped, not markup', () => {
    expect(html).toContain('<h1>Heat pumps [draft] *notes*</h1>');
    expect(html).toContain('COP explained [PDF]');
    expect(html).not.toContain('<em>climate</em>');
    expect(html).toContain('<h2>How efficient are heat pumps?</h2>');
  });
});

describe('threadToMarkdown of a follow-up that kept its thread’s numbers', () => {
  // Turn 2 read /cop again (it keeps [1]) and a new page, numbered [3] after turn 1's two.
  const kept: Thread = {
    ...thread,
    turnCount: 2,
    turns: [
      turn(0, {
        answer: 'A COP of 3 is common [1].',
        sources: [
          { url: 'https://energy.example/cop', title: 'COP', n: 1 },
          { url: 'https://cold.example/', title: 'Cold', n: 2 },
        ],
      }),
      turn(1, {
        answer: 'Defrost cycles cost energy [3]. The COP still holds [1].',
        sources: [
          { url: 'https://defrost.example/', title: 'Defrost', n: 3 },
          { url: 'https://energy.example/cop', title: 'COP', n: 1 },
        ],
      }),
    ],
  };
  const markdown = threadToMarkdown(kept, new Date(Date.UTC(2026, 1, 1)));

  it('links each citation to the footnote of the source holding that number, not of the source in that place', () => {
    expect(markdown).toContain('Defrost cycles cost energy [^3]. The COP still holds [^4].');
    expect(markdown).toContain('[^3]: Defrost. <https://defrost.example/>');
    expect(markdown).toContain('[^4]: COP. <https://energy.example/cop>');
    expect(markdown).not.toMatch(/Also consulted: \[\^[34]\]/);
  });
});
