import { describe, expect, it } from 'vitest';
import { formatAnswerPlain, markdownAsPlainText } from '../../src/main/doors/cli/answer-plain';

describe('an answer as lantern ask prints it', () => {
  it('prints the lead, the sentence and the key points without Markdown marks', () => {
    const answer =
      '**63 mg** [1]\n\nA single shot of espresso contains about 63 mg of caffeine. [1]\n\n- A double has about 125 mg. [2]\n- Decaf still has some. [3]';
    expect(markdownAsPlainText(answer)).toBe(
      '63 mg [1]\n\nA single shot of espresso contains about 63 mg of caffeine. [1]\n\n- A double has about 125 mg. [2]\n- Decaf still has some. [3]',
    );
  });

  it('prints the characters a page wrote where the Markdown escapes them', () => {
    expect(markdownAsPlainText('Yahoo\\! said \\*not\\* 26\\. März \\[1\\] [2]')).toBe(
      'Yahoo! said *not* 26. März [1] [2]',
    );
  });

  it("prints a model's links, numbered lists, nested lists, quotes and code as text", () => {
    const answer =
      'See [the notes](https://a.example/notes) and <https://b.example/>.\n\n3. first\n4. second\n   - inner\n\n> quoted *words*\n\n```\ncode()\n```';
    expect(markdownAsPlainText(answer)).toBe(
      'See the notes (https://a.example/notes) and https://b.example/.\n\n3. first\n4. second\n   - inner\n\n> quoted words\n\ncode()',
    );
  });

  it('says what was searched for, lists the sources on one line each, and lets no control character of a page through', () => {
    const text = formatAnswerPlain({
      searchedFor: 'Who directed\nParasite?',
      answer: '**Bong Joon-ho** [1]',
      sources: [
        {
          n: 1,
          title: 'Parasite \u001b[2J(film)\n— Wiki',
          url: 'https://en.example/Parasite',
          source: 'en.example',
          quotes: [],
        },
        { n: 2, title: '', url: 'https://b.example/', source: 'b.example', quotes: [] },
      ],
    });
    expect(text).toBe(
      'Searched for: Who directed Parasite?\n\nBong Joon-ho [1]\n\nSources:\n[1] Parasite [2J(film) — Wiki (https://en.example/Parasite)\n[2] https://b.example/ (https://b.example/)',
    );
  });
});
