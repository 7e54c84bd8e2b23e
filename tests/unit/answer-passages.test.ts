import { describe, expect, it } from 'vitest';
import { cellsOf, pagePassages, splitClauses, splitSentences } from '../../src/main/answer/passages';
import { rankPassages } from '../../src/main/answer/rank';

describe('splitSentences', () => {
  it('keeps abbreviations and decimals inside their sentence', () => {
    expect(
      splitSentences('Dr. Smith measured 3.5 cups in the U.S. on Monday. Then he left.').map((s) => s.text),
    ).toEqual(['Dr. Smith measured 3.5 cups in the U.S. on Monday.', 'Then he left.']);
  });

  it('keeps a date whose day is an ordinal ("28. Februar") inside its sentence, and still splits after a number that ends one', () => {
    expect(
      splitSentences('Die Impforte schliessen am 28. Februar 2022. Das Reparaturcafé öffnet auch am 27. März.').map(
        (s) => s.text,
      ),
    ).toEqual(['Die Impforte schliessen am 28. Februar 2022.', 'Das Reparaturcafé öffnet auch am 27. März.']);
    expect(splitSentences('Sie wurde Zweite, er kam auf Platz 3. Danach regnete es.').map((s) => s.text)).toEqual([
      'Sie wurde Zweite, er kam auf Platz 3.',
      'Danach regnete es.',
    ]);
  });

  it('keeps short lower-case abbreviations ("z. B.", "ca.", "av. J.-C.") and a German ordinal after its article inside their sentence', () => {
    const split = (text: string): string[] => splitSentences(text).map((s) => s.text);
    expect(split('Das gilt z. B. für Kaffee. Der Preis liegt bei ca. 12 Euro. Fin.')).toEqual([
      'Das gilt z. B. für Kaffee.',
      'Der Preis liegt bei ca. 12 Euro.',
      'Fin.',
    ]);
    expect(split('Il est né en 50 av. J.-C. à Rome. Ensuite.')).toEqual([
      'Il est né en 50 av. J.-C. à Rome.',
      'Ensuite.',
    ]);
    expect(
      split('Im 19. Jahrhundert wuchs die Stadt. Sie belegte den 2. Platz. Er kam auf Platz 3. Danach regnete es.'),
    ).toEqual([
      'Im 19. Jahrhundert wuchs die Stadt.',
      'Sie belegte den 2. Platz.',
      'Er kam auf Platz 3.',
      'Danach regnete es.',
    ]);
  });

  it('ends a sentence before one that opens with a number and goes on in lower case, but not after an abbreviation', () => {
    const split = (text: string): string[] => splitSentences(text).map((s) => s.text);
    expect(split('Weithin wurde das Loblied gesungen. 1927 schlossen sich die Winzer zusammen.')).toEqual([
      'Weithin wurde das Loblied gesungen.',
      '1927 schlossen sich die Winzer zusammen.',
    ]);
    expect(split('Sales fell in 2023. 2024 was a better year.')).toEqual([
      'Sales fell in 2023.',
      '2024 was a better year.',
    ]);
    const text = 'See Fig. 3 for the curve. It was Sept. 5 when he left. Es waren ca. 5 km.';
    expect(split(text)).toEqual(['See Fig. 3 for the curve.', 'It was Sept. 5 when he left.', 'Es waren ca. 5 km.']);
    const second = splitSentences(`Intro. ${'Weithin gesungen. 1927 schlossen sie.'}`, 100)[2];
    expect(second).toEqual({
      text: '1927 schlossen sie.',
      start: 100 + 'Intro. Weithin gesungen. '.length,
      end: 100 + 'Intro. Weithin gesungen. 1927 schlossen sie.'.length,
    });
  });

  it('splits Chinese and Japanese sentences', () => {
    expect(splitSentences('咖啡是一种饮料。它很受欢迎！コーヒーは飲み物です。').map((s) => s.text)).toEqual([
      '咖啡是一种饮料。',
      '它很受欢迎！',
      'コーヒーは飲み物です。',
    ]);
  });
});

describe('splitClauses', () => {
  const at = (text: string, start = 0) => ({ text, start, end: start + text.length });
  const LEFT = 'The committee met for three long days in the old town hall down by the harbour';
  const RIGHT = 'and it agreed on a budget of 1,000,000 euros for the new bridge over the wide river';

  it('cuts a long sentence at the clause break nearest its middle, each part under its range in the page', () => {
    const sentence = `${LEFT}, the city said on Monday, ${RIGHT} after a long debate.`;
    const page = `Intro. ${sentence}`;
    const parts = splitClauses(at(sentence, 'Intro. '.length));
    expect(sentence.length).toBeGreaterThan(200);
    expect(parts.map((part) => part.text)).toEqual([
      `${LEFT}, the city said on Monday,`,
      `${RIGHT} after a long debate.`,
    ]);
    for (const part of parts) expect(page.slice(part.start, part.end)).toBe(part.text);
  });

  it('leaves a short sentence, a lead-in with its verb and a comma inside a number whole', () => {
    const short = `${LEFT}, ${RIGHT}.`.slice(0, 150);
    expect(splitClauses(at(short))).toEqual([at(short)]);
    // Its only breaks leave a lead-in and a name shorter than a clause: they stay with the verb.
    const apposition = `The inspector general of the police, Álvaro Álvarez, ${RIGHT} ${RIGHT}.`;
    expect(apposition.length).toBeGreaterThan(200);
    expect(splitClauses(at(apposition))).toEqual([at(apposition)]);
    const figures = `${RIGHT} 1,000,000 ${RIGHT} ${RIGHT}.`;
    expect(splitClauses(at(figures))).toEqual([at(figures)]);
  });

  it('cuts at a full-width comma, which has no space after it', () => {
    const head = '委员会在港口附近的老市政厅开会三天'.repeat(7);
    const tail = '并同意为河上的新桥拨款一百万欧元'.repeat(7);
    expect(splitClauses(at(`${head}，${tail}。`)).map((part) => part.text)).toEqual([`${head}，`, `${tail}。`]);
  });
});

describe('pagePassages', () => {
  const markdown = [
    '# Title',
    '',
    '[Home](/) · [About](/about) · [Shop](/shop)',
    '',
    'First sentence of the page. Second sentence of the page.',
    '',
    '- A list item that says something.',
    '',
    '```',
    'code() is not prose.',
    '```',
    '',
    '| a | b |',
  ].join('\n');

  it('cuts prose into passages whose ranges are their exact text in the markdown', () => {
    const passages = pagePassages({ n: 3, url: 'https://e.example', title: 'T', markdown }, 10);
    expect(passages.map((p) => [p.id, p.n, p.text])).toEqual([
      [10, 3, 'First sentence of the page. Second sentence of the page.'],
      [11, 3, 'A list item that says something.'],
      // A table row is a fact laid out, not prose: a passage of its own, after the prose.
      [12, 3, 'a | b'],
    ]);
    for (const p of passages) expect(markdown.slice(p.start, p.end)).toBe(p.text);
  });

  it('starts a new passage at a sentence boundary past about 360 characters', () => {
    // 50 characters and a space.
    const sentence = 'This sentence is exactly fifty characters long ok. ';
    const long = sentence.repeat(10).trim();
    const passages = pagePassages({ n: 1, url: 'u', title: 't', markdown: long }, 0);
    expect(passages.map((p) => p.text.length)).toEqual([51 * 7 - 1, 51 * 3 - 1]);
    expect(passages.every((p) => p.text.endsWith('ok.'))).toBe(true);
  });

  it('gives a long sentence a passage for each of its clauses only sentence by sentence', () => {
    const LEFT = 'The committee met for three long days in the old town hall by the harbour, the city said on Monday,';
    const RIGHT =
      'and it agreed on a budget of one million euros for the new bridge over the wide river after a long debate.';
    const long = `${LEFT} ${RIGHT}`;
    const page = { n: 1, url: 'u', title: 't', markdown: long };
    expect(pagePassages(page, 0).map((p) => p.text)).toEqual([long]);
    expect(pagePassages(page, 0, { sentenceEach: true }).map((p) => p.text)).toEqual([LEFT, RIGHT]);
  });

  it("gives each passage its context: its section's headings, outermost first, and for prose the prose passage before it", () => {
    const page = [
      '# Wineries of Bolzano',
      '',
      'An intro before any section.',
      '',
      '## The Magdalener cooperative',
      '',
      '### History',
      '',
      'Growers met in the village.',
      '',
      'It was founded in 1927.',
      '',
      '- A list item of its own.',
      '',
      'Prose after the list.',
      '',
      '## Prices',
      '',
      '| Bottle | 12 EUR |',
    ].join('\n');
    const passages = pagePassages({ n: 1, url: 'u', title: 't', markdown: page }, 0);
    expect(passages.map((p) => [p.text, p.context])).toEqual([
      ['An intro before any section.', 'Wineries of Bolzano'],
      [
        'Growers met in the village.',
        'Wineries of Bolzano\nThe Magdalener cooperative\nHistory\nAn intro before any section.',
      ],
      [
        'It was founded in 1927.',
        'Wineries of Bolzano\nThe Magdalener cooperative\nHistory\nGrowers met in the village.',
      ],
      // A list item or a fact laid out is a statement of its own: what comes before it is not its context, nor is it the context of what comes after.
      ['A list item of its own.', 'Wineries of Bolzano\nThe Magdalener cooperative\nHistory'],
      ['Prose after the list.', 'Wineries of Bolzano\nThe Magdalener cooperative\nHistory'],
      ['Bottle | 12 EUR', 'Wineries of Bolzano\nPrices'],
    ]);
  });
});

describe('list items', () => {
  it('marks list items, an escaped ordered marker included, and leaves the marker out of the range', () => {
    const markdown = [
      'Who may apply:',
      '',
      '1\\. Total household income not to exceed $40,000',
      '2\\. Must be a resident',
      '',
      '- A bullet item',
      '',
      'A paragraph.',
    ].join('\n');
    const passages = pagePassages({ n: 1, url: 'u', title: 't', markdown }, 0);
    expect(passages.map((p) => [p.text, p.shape])).toEqual([
      ['Who may apply:', undefined],
      ['Total household income not to exceed $40,000', 'item'],
      ['Must be a resident', 'item'],
      ['A bullet item', 'item'],
      ['A paragraph.', undefined],
    ]);
    for (const p of passages) expect(markdown.slice(p.start, p.end)).toBe(p.text);
  });
});

describe('facts laid out', () => {
  const markdown = [
    '# Magnetic Project Mat',
    '',
    '$19.95',
    '',
    'Nettomenge',
    '',
    '250 g',
    '',
    '- Weight: 311 g',
    '',
    '$36.95',
    '',
    '| **Aroma** | Rote Beeren, Zitrusnoten |',
    '| --- | --- |',
    '| Herkunft | Sidamo, Äthiopien \\| Hochland |',
    '| Stärke |  |',
  ].join('\n');
  const passages = pagePassages({ n: 1, url: 'u', title: 't', markdown }, 0);
  const laidOut = passages.filter((p) => p.shape === 'value');

  it('makes a passage of a heading or label line and the short figure under it, and of each table row of two cells or more', () => {
    expect(laidOut.map((p) => p.text)).toEqual([
      'Magnetic Project Mat\n\n$19.95',
      'Nettomenge\n\n250 g',
      '**Aroma** | Rote Beeren, Zitrusnoten',
      'Herkunft | Sidamo, Äthiopien \\| Hochland',
    ]);
    for (const p of passages) expect(markdown.slice(p.start, p.end)).toBe(p.text);
  });

  it('takes neither a figure nor a list item for a label, and splits cells only on bars that are not escaped', () => {
    expect(
      laidOut.some((p) => p.text.startsWith('250 g') || p.text.startsWith('- Weight') || p.text.startsWith('Weight')),
    ).toBe(false);
    expect(cellsOf('Herkunft | Sidamo, Äthiopien \\| Hochland')).toEqual([
      'Herkunft',
      'Sidamo, Äthiopien \\| Hochland',
    ]);
  });
});

describe('a sentence under a label', () => {
  it('stays prose, read with the heading over it, while a figure under a label is laid out', () => {
    const markdown = ['## Preparation', '', 'Use a 26 cm tin.', '', 'Volume', '', '40 l'].join('\n');
    const passages = pagePassages({ n: 1, url: 'u', title: 't', markdown }, 0);
    expect(passages.filter((p) => p.shape === 'value').map((p) => p.text)).toEqual(['Volume\n\n40 l']);
    expect(passages.filter((p) => p.text.includes('26 cm')).map((p) => [p.text, p.shape, p.context])).toEqual([
      ['Use a 26 cm tin.', undefined, 'Preparation'],
    ]);
  });
});

describe('label and value lines', () => {
  // As the extractor writes a specification table or a definition list: one "Label: value" paragraph a row.
  const markdown = [
    'Specifications',
    '',
    'Colour: Moss green',
    '',
    'Weight: 1,150 g',
    '',
    'Note: the lid comes off. It is sold apart.',
    '',
    'Volume',
    '',
    '40 l',
  ].join('\n');
  const passages = pagePassages({ n: 1, url: 'u', title: 't', markdown }, 0);

  it('makes one laid-out passage of each line, pairs none of them with the line under it, and leaves sentences after a colon prose', () => {
    expect(passages.map((p) => [p.text, p.shape])).toEqual([
      ['Specifications', undefined],
      ['Note: the lid comes off. It is sold apart.', undefined],
      ['Volume', undefined],
      ['40 l', undefined],
      ['Colour: Moss green', 'value'],
      ['Weight: 1,150 g', 'value'],
      ['Volume\n\n40 l', 'value'],
    ]);
    for (const p of passages) expect(markdown.slice(p.start, p.end)).toBe(p.text);
  });
});

describe('rankPassages', () => {
  const page = (n: number, title: string, markdown: string) =>
    pagePassages({ n, url: `u${n}`, title, markdown }, n * 100);
  const specs = page(1, 'Rode NT1 5th Generation Black', '- Polar pattern: cardioid\n- Weight: 311 g');
  const prose = page(
    2,
    'Studio microphones',
    'The Rode NT1 5th generation mic is a condenser for vocals. It ships with a pop shield.',
  );

  it('ranks a passage that holds the kind of number asked with its page title, so a spec line names its subject', () => {
    const ranked = rankPassages('How heavy is the Rode NT1 5th generation mic?', [...prose, ...specs]).map(
      (r) => r.passage.text,
    );
    expect(ranked.indexOf('Weight: 311 g')).toBeLessThan(ranked.indexOf('Polar pattern: cardioid'));
  });

  it('ranks a passage with its context, so a fact whose subject its heading or the passage before names comes first', () => {
    const wine = page(
      1,
      'Wineries',
      '## The Magdalener cooperative\n\nIt was founded in 1927 by forty growers from the village.',
    );
    const other = page(
      2,
      'Red wines',
      'The Magdalener is a light red wine, and a cooperative cellar sells most of it.',
    );
    const ranked = rankPassages('When was the Magdalener cooperative founded?', [...other, ...wine]).map(
      (r) => r.passage.text,
    );
    expect(ranked[0]).toBe('It was founded in 1927 by forty growers from the village.');
  });

  it('ranks by the passage alone when the question asks for no kind of number, or the passage holds none', () => {
    const scores = rankPassages('Which polar pattern does the Rode NT1 have?', specs);
    expect(scores.find((r) => r.passage.text === 'Weight: 311 g')?.score).toBe(0);
  });
});
