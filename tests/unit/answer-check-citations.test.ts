import { describe, expect, it } from 'vitest';
import { checkCitations } from '../../src/main/answer/check-citations';
import { pagePassages, type Passage } from '../../src/main/answer/passages';

const CURIE = [
  '# Marie Curie',
  '',
  'Marie Curie was a physicist and chemist born in Warsaw in 1867.',
  'She won the Nobel Prize in Physics in 1903 and the Nobel Prize in Chemistry in 1911.',
  '',
  'Curie discovered the elements polonium and radium together with Pierre Curie.',
].join('\n');
const COFFEE = 'Coffee is brewed from roasted beans. A cup holds about 95 mg of caffeine.';

function sources(): { markdown: string[]; passages: Passage[] } {
  const markdown = [CURIE, COFFEE];
  const one = pagePassages({ n: 1, url: 'https://a.example/curie', title: 'Curie', markdown: CURIE }, 0);
  const two = pagePassages({ n: 2, url: 'https://b.example/coffee', title: 'Coffee', markdown: COFFEE }, one.length);
  return { markdown, passages: [...one, ...two] };
}

describe('checkCitations', () => {
  it("quotes the page's words without the Markdown's escapes, its range over the Markdown as it stands", () => {
    const markdown = 'PG\\&E cut power to 1.5 million customers\\! Crews restored it by Sunday.';
    const passages = pagePassages({ n: 1, url: 'https://c.example/pge', title: 'PG&E', markdown }, 0);
    const citation = checkCitations('PG&E cut power to 1.5 million customers! [1]', passages, 1).sentences[0]
      ?.citations[0];
    expect(citation).toMatchObject({ n: 1, supported: true, quote: 'PG&E cut power to 1.5 million customers!' });
    expect(markdown.slice(...(citation?.range ?? [0, 0]))).toBe('PG\\&E cut power to 1.5 million customers\\!');
  });

  it("keeps only the numbers its sources hold when given them (a follow-up's thread numbers), not 1..count", () => {
    const curie = pagePassages({ n: 4, url: 'https://a.example/curie', title: 'Curie', markdown: CURIE }, 0);
    const coffee = pagePassages(
      { n: 2, url: 'https://b.example/coffee', title: 'Coffee', markdown: COFFEE },
      curie.length,
    );
    const checked = checkCitations(
      'Marie Curie was born in Warsaw in 1867 [4] [1]. A cup holds about 95 mg of caffeine [2, 3].',
      [...curie, ...coffee],
      new Set([4, 2]),
    );
    expect(checked.answer).toBe('Marie Curie was born in Warsaw in 1867 [4]. A cup holds about 95 mg of caffeine [2].');
    expect(checked.sentences.map((s) => s.citations.map((c) => [c.n, c.supported]))).toEqual([
      [[4, true]],
      [[2, true]],
    ]);
  });

  it('marks a citation unsupported when a number in the sentence is absent from the passage', () => {
    const { passages } = sources();
    const checked = checkCitations('Marie Curie won the Nobel Prize in Physics in 1905 [1].', passages, 2);
    expect(checked.sentences).toHaveLength(1);
    expect(checked.sentences[0]?.citations).toMatchObject([{ n: 1, supported: false }]);
    expect(checked.supportedShare).toBe(0);
  });

  it('supports a paraphrase that keeps every key fact, and quotes the span with its exact range', () => {
    const { markdown, passages } = sources();
    const checked = checkCitations('In 1903 Curie was awarded the Nobel Prize in Physics [1].', passages, 2);
    const citation = checked.sentences[0]?.citations[0];
    expect(citation).toMatchObject({ n: 1, supported: true });
    // "Curie" is a name of the claim: the quote takes in the sentence before, which names her.
    expect(citation?.quote).toBe(
      'Marie Curie was a physicist and chemist born in Warsaw in 1867.\nShe won the Nobel Prize in Physics in 1903 and the Nobel Prize in Chemistry in 1911.',
    );
    const [start, end] = citation?.range ?? [0, 0];
    expect(markdown[0]?.slice(start, end)).toBe(citation?.quote);
    expect(checked.supportedShare).toBe(1);
  });

  it('marks a misspelt name unsupported', () => {
    const { passages } = sources();
    const checked = checkCitations('Curie discovered polonium and radium with Pierre Curei [1].', passages, 2);
    expect(checked.sentences[0]?.citations).toMatchObject([{ n: 1, supported: false }]);
  });

  it('removes a citation to a source that does not exist, and keeps the rest', () => {
    const { passages } = sources();
    const checked = checkCitations(
      'A cup of coffee holds about 95 mg of caffeine [2][9]. Radium was found by Curie [1, 9].',
      passages,
      2,
    );
    expect(checked.answer).toBe('A cup of coffee holds about 95 mg of caffeine [2]. Radium was found by Curie [1].');
    expect(checked.sentences.map((s) => s.citations.map((c) => [c.n, c.supported]))).toEqual([
      [[2, true]],
      [[1, true]],
    ]);
  });

  it('checks a citation against the cited source only, not another one that holds the words', () => {
    const { passages } = sources();
    const checked = checkCitations('A cup holds about 95 mg of caffeine [1].', passages, 2);
    expect(checked.sentences[0]?.citations).toMatchObject([{ n: 1, supported: false }]);
  });

  it('gives a marker that ends up after the full stop to the sentence before it', () => {
    const { passages } = sources();
    const checked = checkCitations(
      'Coffee is brewed from roasted beans. [2] Curie was born in Warsaw in 1867. [1]',
      passages,
      2,
    );
    expect(checked.sentences.map((s) => [s.text, s.citations.map((c) => c.supported)])).toEqual([
      ['Coffee is brewed from roasted beans. [2]', [true]],
      ['Curie was born in Warsaw in 1867. [1]', [true]],
    ]);
  });

  it('finds CJK support by words and numbers', () => {
    const page = '咖啡是一种用烘焙咖啡豆制作的饮料。一杯咖啡含有约95毫克咖啡因。';
    const passages = pagePassages({ n: 1, url: 'https://c.example', title: '咖啡', markdown: page }, 0);
    expect(checkCitations('一杯咖啡含有约95毫克咖啡因[1]。', passages, 1).sentences[0]?.citations[0]?.supported).toBe(
      true,
    );
    expect(checkCitations('一杯咖啡含有约80毫克咖啡因[1]。', passages, 1).sentences[0]?.citations[0]?.supported).toBe(
      false,
    );
  });
});

/** A page of one passage, for the threshold tests: its first sentence is the one quoted. */
function coffeePage(): Passage[] {
  return pagePassages({ n: 1, url: 'https://b.example/coffee', title: 'Coffee', markdown: COFFEE }, 0);
}

describe('checkCitations: the thresholds, at their edges', () => {
  it('refuses a claim whose best span holds half its content terms (mutant: MIN_TERM_COVERAGE 0.6 → 0.3)', () => {
    // coffee, brew, roast, bean are in the page; pick, misty, highland, valley are not: 4 of 8.
    const checked = checkCitations(
      'Coffee is brewed from roasted beans picked in misty highland valleys [1].',
      coffeePage(),
      1,
    );
    expect(checked.sentences[0]?.citations).toMatchObject([
      { n: 1, supported: false, quote: 'Coffee is brewed from roasted beans.' },
    ]);
    expect(checked.supportedShare).toBe(0);
  });

  it('supports a claim at exactly the threshold, 3 of 5 content terms (mutant: >= → >)', () => {
    const checked = checkCitations('Coffee is brewed from roasted mountain harvests [1].', coffeePage(), 1);
    expect(checked.sentences[0]?.citations).toMatchObject([{ n: 1, supported: true }]);
  });

  it('removes a citation one past the last source, and keeps the last source and the first (mutant: n <= sourceCount + 1)', () => {
    const { passages } = sources();
    const checked = checkCitations(
      'A cup holds about 95 mg of caffeine [2, 3]. Curie was born in Warsaw in 1867 [3] [1].',
      passages,
      2,
    );
    expect(checked.answer).toBe('A cup holds about 95 mg of caffeine [2]. Curie was born in Warsaw in 1867 [1].');
    expect(checked.sentences.map((s) => s.citations.map((c) => c.n))).toEqual([[2], [1]]);
  });

  it('removes a citation to source 0, with the space before it', () => {
    const { passages } = sources();
    const checked = checkCitations('A cup holds about 95 mg of caffeine [0].', passages, 2);
    expect(checked.answer).toBe('A cup holds about 95 mg of caffeine.');
    expect(checked.sentences).toEqual([{ text: 'A cup holds about 95 mg of caffeine.', citations: [] }]);
    expect(checked.supportedShare).toBe(1);
  });
});

/** The citations of each sentence as [n, supported] pairs. */
function verdicts(answer: string, passages: Passage[], sourceCount = 2): Array<[string, Array<[number, boolean]>]> {
  return checkCitations(answer, passages, sourceCount).sentences.map((s) => [
    s.text,
    s.citations.map((c): [number, boolean] => [c.n, c.supported]),
  ]);
}

describe('checkCitations: what a citation marker is', () => {
  it('reads lists with spaces (written back as "2, 2"), and each source once per sentence', () => {
    const { passages } = sources();
    expect(verdicts('A cup holds about 95 mg of caffeine [2 , 2] [2].', passages)).toEqual([
      ['A cup holds about 95 mg of caffeine [2, 2] [2].', [[2, true]]],
    ]);
  });

  it('leaves escaped brackets, link text and reference definitions alone', () => {
    const { passages } = sources();
    for (const answer of [
      'A cup holds about 95 mg of caffeine \\[9].',
      'A cup holds about 95 mg of [9](https://x.example) caffeine.',
      'A cup holds about 95 mg of caffeine [9]: see.',
      'A cup holds about 95 mg of caffeine [9][x].',
    ]) {
      const checked = checkCitations(answer, passages, 2);
      expect(checked.answer, answer).toBe(answer);
      expect(checked.sentences[0]?.citations, answer).toEqual([]);
    }
  });

  it('drops an unknown marker written without a space, and keeps the space of a kept one', () => {
    const { passages } = sources();
    expect(checkCitations('A cup holds about 95 mg of caffeine[9].', passages, 2).answer).toBe(
      'A cup holds about 95 mg of caffeine.',
    );
    expect(checkCitations('A cup holds about 95 mg of caffeine[2,9].', passages, 2).answer).toBe(
      'A cup holds about 95 mg of caffeine[2].',
    );
    expect(checkCitations('A cup holds about 95 mg of caffeine [9, 2].', passages, 2).answer).toBe(
      'A cup holds about 95 mg of caffeine [2].',
    );
  });

  it('checks the claim without its markup: link text kept, emphasis and escapes removed', () => {
    const { passages } = sources();
    expect(
      verdicts('A *cup* holds about [95 mg](https://x.example/mg) of **caffeine** \\[sic\\] [2].', passages)[0]?.[1],
    ).toEqual([[2, true]]);
    expect(verdicts('A `cup` holds about 95 mg of _caffeine_ [2].', passages)[0]?.[1]).toEqual([[2, true]]);
  });
});

describe("checkCitations: the answer's sentences", () => {
  it('reads list items, numbered items, headings and quotes without their markers', () => {
    const { passages } = sources();
    const answer = [
      'Coffee:',
      '- A cup holds about 95 mg of caffeine [2].',
      '2) Coffee is brewed from roasted beans [2].',
      '',
      '## Curie was born in Warsaw in 1867 [1].',
      '> Radium was found by Curie [1].',
      '* Polonium was found by Curie [1].',
      '+ Curie won the Nobel Prize in Chemistry in 1911 [1].',
    ].join('\n');
    expect(verdicts(answer, passages).map(([text]) => text)).toEqual([
      'Coffee:',
      'A cup holds about 95 mg of caffeine [2].',
      'Coffee is brewed from roasted beans [2].',
      'Curie was born in Warsaw in 1867 [1].',
      'Radium was found by Curie [1].',
      'Polonium was found by Curie [1].',
      'Curie won the Nobel Prize in Chemistry in 1911 [1].',
    ]);
  });

  it('gives several markers after the full stop to the sentence before, and keeps a first sentence that starts with one', () => {
    const { passages } = sources();
    expect(
      verdicts('Coffee is brewed from roasted beans. [2], [1] A cup holds about 95 mg of caffeine [2].', passages),
    ).toEqual([
      [
        'Coffee is brewed from roasted beans. [2], [1]',
        [
          [2, true],
          [1, false],
        ],
      ],
      ['A cup holds about 95 mg of caffeine [2].', [[2, true]]],
    ]);
    expect(verdicts('[2] A cup holds about 95 mg of caffeine.', passages)).toEqual([
      ['[2] A cup holds about 95 mg of caffeine.', [[2, true]]],
    ]);
    expect(verdicts('Coffee is brewed from roasted beans. [2]', passages)).toEqual([
      ['Coffee is brewed from roasted beans. [2]', [[2, true]]],
    ]);
  });

  it('counts the supported share over every citation', () => {
    const { passages } = sources();
    const checked = checkCitations(
      'A cup holds about 95 mg of caffeine [1, 2]. Curie was born in Warsaw in 1867 [1].',
      passages,
      2,
    );
    expect(checked.supportedShare).toBeCloseTo(2 / 3, 10);
  });
});

describe('checkCitations: facts and spans', () => {
  it('supports a claim of function words only when the source has a passage, and never a source without passages', () => {
    const { passages } = sources();
    expect(verdicts('It is so [2].', passages)[0]?.[1]).toEqual([[2, true]]);
    const checked = checkCitations('It is so [3].', passages, 3);
    expect(checked.sentences[0]?.citations).toEqual([
      {
        n: 3,
        supported: false,
        state: 'unsupported',
        why: 'the page has no passage to check against',
        quote: '',
        range: [0, 0],
      },
    ]);
  });

  it('matches numbers whatever their thousands separators and a trailing full stop', () => {
    const page = 'The bridge is 1,280 metres long and opened in 1937. It carries 112,000 vehicles a day.';
    const passages = pagePassages({ n: 1, url: 'https://g.example', title: 'Bridge', markdown: page }, 0);
    expect(verdicts('The bridge is 1280 metres long and opened in 1937 [1].', passages, 1)[0]?.[1]).toEqual([
      [1, true],
    ]);
    expect(verdicts('The bridge carries 112000 vehicles a day [1].', passages, 1)[0]?.[1]).toEqual([[1, true]]);
    expect(verdicts('The bridge carries 112 vehicles a day [1].', passages, 1)[0]?.[1]).toEqual([[1, false]]);
    expect(verdicts('The bridge is 1,28 metres long [1].', passages, 1)[0]?.[1]).toEqual([[1, false]]);
  });

  it('holds an acronym to the page even as the first word, but not an ordinary capitalised first word', () => {
    const page = 'The agency NASA launched the probe in 1977. Probes study the outer planets.';
    const passages = pagePassages({ n: 1, url: 'https://n.example', title: 'Probe', markdown: page }, 0);
    expect(verdicts('NASA launched the probe in 1977 [1].', passages, 1)[0]?.[1]).toEqual([[1, true]]);
    expect(verdicts('ESA launched the probe in 1977 [1].', passages, 1)[0]?.[1]).toEqual([[1, false]]);
    expect(verdicts('Probes study the outer planets [1].', passages, 1)[0]?.[1]).toEqual([[1, true]]);
    expect(verdicts('Probes study the outer planets of Jupiter [1].', passages, 1)[0]?.[1]).toEqual([[1, false]]);
  });

  it('quotes one sentence when one suffices, up to three consecutive ones when needed, never four', () => {
    const page =
      'Ada wrote notes in 1843. Babbage built engines. Lovelace translated Menabrea. Turing read them in 1936.';
    const passages = pagePassages({ n: 1, url: 'https://a.example', title: 'Ada', markdown: page }, 0);
    const one = checkCitations('Babbage built engines [1].', passages, 1).sentences[0]?.citations[0];
    expect(one).toMatchObject({ supported: true, quote: 'Babbage built engines.', range: [25, 47] });
    const three = checkCitations('In 1843 Babbage, Lovelace and Menabrea wrote notes [1].', passages, 1).sentences[0]
      ?.citations[0];
    expect(three).toMatchObject({
      supported: true,
      quote: 'Ada wrote notes in 1843. Babbage built engines. Lovelace translated Menabrea.',
    });
    const four = checkCitations('In 1843 Babbage and Lovelace wrote notes Turing read in 1936 [1].', passages, 1)
      .sentences[0]?.citations[0];
    expect(four?.supported).toBe(false);
  });
});

/** One source whose page is `markdown`. */
function page(markdown: string): Passage[] {
  return pagePassages({ n: 1, url: 'https://p.example', title: 'Page', markdown }, 0);
}

describe('checkCitations: mutants the tests above let live', () => {
  it('reads multi-digit source numbers, alone and in lists', () => {
    const { passages } = sources();
    const checked = checkCitations(
      'A cup holds about 95 mg of caffeine [12]. Radium was found by Curie [1, 12].',
      passages,
      12,
    );
    expect(checked.answer).toBe('A cup holds about 95 mg of caffeine [12]. Radium was found by Curie [1, 12].');
    expect(checked.sentences.map((s) => s.citations.map((c) => c.n))).toEqual([[12], [1, 12]]);
  });

  it('gives a list of multi-digit markers after the full stop to the sentence before', () => {
    const { passages } = sources();
    const checked = checkCitations(
      'Coffee is brewed from roasted beans. [10 ,11] A cup holds about 95 mg of caffeine. [2, 10] Radium was found by Curie.',
      passages,
      11,
    );
    expect(checked.sentences.map((s) => [s.text, s.citations.map((c) => c.n)])).toEqual([
      ['Coffee is brewed from roasted beans. [10, 11]', [10, 11]],
      ['A cup holds about 95 mg of caffeine. [2, 10]', [2, 10]],
      ['Radium was found by Curie.', []],
    ]);
  });

  it('strips indented, multi-digit, unspaced-quote markers, and only real heading markers', () => {
    const { passages } = sources();
    const answer = [
      '  - A cup holds about 95 mg of caffeine [2].',
      '10. Coffee is brewed from roasted beans [2].',
      '>Radium was found by Curie [1].',
      '#Curie was born in Warsaw in 1867 [1].',
    ].join('\n');
    expect(checkCitations(answer, passages, 2).sentences.map((s) => s.text)).toEqual([
      'A cup holds about 95 mg of caffeine [2].',
      'Coffee is brewed from roasted beans [2].',
      'Radium was found by Curie [1].',
      '#Curie was born in Warsaw in 1867 [1].',
    ]);
  });

  it('checks the words of a link, not its target', () => {
    const { passages } = sources();
    expect(verdicts('A cup holds about [80 mg](https://x.example) of caffeine [2].', passages)[0]?.[1]).toEqual([
      [2, false],
    ]);
    expect(
      verdicts(
        'A cup holds about [95 mg](https://x.example/milligrams/per/serving/of/brewed/drip) of caffeine [2].',
        passages,
      )[0]?.[1],
    ).toEqual([[2, true]]);
  });

  it('holds a number written with separators to the same number on the page', () => {
    const passages = page('The bridge is 1,280 metres long. The city has 1280000 people. It weighs 35 kg.');
    expect(verdicts('The bridge is 1,280 metres long [1].', passages, 1)[0]?.[1]).toEqual([[1, true]]);
    expect(verdicts('The city has 1,280,000 people [1].', passages, 1)[0]?.[1]).toEqual([[1, true]]);
    expect(verdicts('It weighs 3.5 kg [1].', passages, 1)[0]?.[1]).toEqual([[1, false]]);
  });

  it('takes names from capitalised words after the first and acronyms, not from words that only hold capitals', () => {
    expect(
      verdicts('The B380 carries 500 passengers [1].', page('The A380 carries 500 passengers.'), 1)[0]?.[1],
    ).toEqual([[1, false]]);
    expect(verdicts('NGOs work in 40 countries [1].', page('Charities work in 40 countries.'), 1)[0]?.[1]).toEqual([
      [1, true],
    ]);
    expect(verdicts('iOS apps run on 40 devices [1].', page('Apps run on 40 devices.'), 1)[0]?.[1]).toEqual([
      [1, true],
    ]);
    expect(
      verdicts('Apps run on iPhones in 40 countries [1].', page('Apps run on phones in 40 countries.'), 1)[0]?.[1],
    ).toEqual([[1, true]]);
  });

  it('quotes the first of two spans that support the claim equally', () => {
    const checked = checkCitations(
      'Coffee is brewed from roasted beans [1].',
      page('Coffee is brewed from roasted beans. Later, coffee is brewed from roasted beans.'),
      1,
    );
    expect(checked.sentences[0]?.citations[0]).toMatchObject({
      supported: true,
      quote: 'Coffee is brewed from roasted beans.',
      range: [0, 36],
    });
  });

  it("quotes a span of a passage that starts after the page's first character exactly, not into the next sentence", () => {
    const { markdown, passages } = sources();
    for (const [claim, quote] of [
      [
        'Radium was found by Curie [1].',
        'Curie discovered the elements polonium and radium together with Pierre Curie.',
      ],
      [
        'Marie Curie was a chemist born in Warsaw in 1867 [1].',
        'Marie Curie was a physicist and chemist born in Warsaw in 1867.',
      ],
    ] as const) {
      const citation = checkCitations(claim, passages, 2).sentences[0]?.citations[0];
      expect(citation?.quote, claim).toBe(quote);
      expect(markdown[0]?.slice(...(citation?.range ?? [0, 0]))).toBe(quote);
    }
  });
});
