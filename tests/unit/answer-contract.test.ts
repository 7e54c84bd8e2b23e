import { describe, expect, it } from 'vitest';
import { AnswerRequestSchema } from '../../src/shared/answer-contract';
import { formatAnswerText } from '../../src/shared/format/answer-text';

describe('AnswerRequestSchema', () => {
  it('applies the defaults: 6 pages, composer auto, scope web', () => {
    expect(AnswerRequestSchema.parse({ question: 'why is the sky blue' })).toEqual({
      question: 'why is the sky blue',
      pages: 6,
      composer: 'auto',
      scope: 'web',
    });
  });

  it.each([
    [{ question: ' ' }, 'question: query is empty'],
    [{ question: 'q', pages: 0 }, 'pages'],
    [{ question: 'q', pages: 11 }, 'pages'],
    [{ question: 'q', urls: [] }, 'urls: urls is empty'],
    [{ question: 'q', urls: ['javascript:alert(1)'] }, 'urls.0: url must be an http(s) URL'],
    [{ question: 'q', urls: Array.from({ length: 21 }, (_, i) => `https://e.example/${i}`) }, 'at most 20 urls'],
    [{ question: 'q', composer: 'clever' }, 'composer'],
    [{ question: 'q', lang: 'english please' }, 'lang must be a language tag'],
    [{ question: 'q', allowPrivateNetworks: true }, 'allowPrivateNetworks'],
  ])('refuses %j', (input, message) => {
    const parsed = AnswerRequestSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')).toContain(message);
  });
});

describe('formatAnswerText', () => {
  it('prints the answer, a blank line, Sources: and one [n] Title (URL) line each, escaping what pages sent', () => {
    const text = formatAnswerText({
      answer: 'Tea has caffeine [1].',
      sources: [
        {
          n: 1,
          title: 'Tea *facts*\n# not a heading',
          url: 'https://t.example/a b<c>',
          source: 't.example',
          quotes: [],
        },
        { n: 2, title: '', url: 'https://u.example/', source: 'u.example', quotes: [] },
      ],
    });
    expect(text).toBe(
      [
        'Tea has caffeine [1].',
        '',
        'Sources:',
        '[1] Tea \\*facts\\* \\# not a heading (https://t.example/a%20b%3Cc%3E)',
        '[2] https://u.example/ (https://u.example/)',
      ].join('\n'),
    );
  });
});
