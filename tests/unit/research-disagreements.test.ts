import { describe, expect, it } from 'vitest';
import type { Disagreement } from '../../src/shared/research-contract';
import { withoutEscapes } from '../../src/shared/format/plain-text';
import { findDisagreements, type SourceText } from '../../src/main/deep-research/disagreements';

const QUESTION = 'How do heat pumps compare with gas boilers in cold climates?';
const SUB_QUESTIONS = [
  'How efficient are air-source heat pumps in mild and cold climates?',
  'What does installing a heat pump cost?',
  'How long do heat pumps last?',
];

/** An energy agency's overview: the figures the others are measured against. */
const AGENCY: SourceText = {
  n: 1,
  title: 'Heat pumps explained | Energy Agency',
  text: [
    '# Heat pumps explained',
    '',
    '[Home](/) · [Heating](/heating) · [Contact](/contact)',
    '',
    'Air-source heat pumps move heat from the outdoor air into the home, even when it is freezing outside. ' +
      'A typical air-source heat pump reaches a seasonal COP of 3.2 in mild climates, and modern cold-climate models keep working down to −25 °C.',
    '',
    'Installing an air-source heat pump in a detached house costs between €10,000 and €14,000, while running costs are about €900 a year. ' +
      'Most units last 15 to 20 years with yearly servicing.',
    '',
    'The first heat pump for heating a building was installed in Zurich in 1938. Since then the technology has spread across Europe.',
  ].join('\n'),
};

/** A field trial: plants a lower COP than the agency's, and agrees on the rest. */
const TRIAL: SourceText = {
  n: 2,
  title: 'What our field trial found',
  text: [
    '## Results',
    '',
    'In mild climates, the seasonal COP of an air-source heat pump is typically only 2.1, according to our field trial of 40 homes. ' +
      'The installation of an air-source heat pump in a detached house cost around €12,500 on average.',
    '',
    'Running costs came to roughly €75 a month. A well-maintained unit lasts 18 years before its compressor needs replacing.',
  ].join('\n'),
};

/** A trade magazine: another date for the first heat pump, and figures for other costs. */
const MAGAZINE: SourceText = {
  n: 3,
  title: 'A short history of the heat pump',
  text: [
    'The first heat pump for heating a building was installed in Zurich in 1942, in the city hall.',
    '',
    'Replacing the compressor of an air-source heat pump costs about €3,000, and a yearly service visit costs €150.',
  ].join('\n'),
};

function find(sources: readonly SourceText[], question = QUESTION, subQuestions = SUB_QUESTIONS): Disagreement[] {
  const found = findDisagreements(question, subQuestions, sources);
  for (const d of found) {
    expect(new Set(d.claims.map((c) => c.n)).size).toBe(d.claims.length);
    for (const claim of d.claims) {
      const source = sources.find((s) => s.n === claim.n)!;
      expect(withoutEscapes(source.text)).toContain(claim.quote);
      expect(claim.quote).toContain(claim.value);
    }
    // The topic reads as the sources write: a few words of one side's sentence, as they stand there, no figure in them.
    expect(d.claims.some((c) => c.quote.includes(d.topic))).toBe(true);
    expect(d.topic.split(/\s+/).length).toBeLessThanOrEqual(8);
    expect(d.topic).not.toMatch(/\p{N}|^\P{L}|[^\p{L})]$/u);
  }
  return found;
}

/** Each disagreement as its claims' values by source: "1: 3.2 | 2: 2.1". */
function sides(found: readonly Disagreement[]): string[] {
  return found.map((d) => d.claims.map((c) => `${c.n}: ${c.value}`).join(' | '));
}

describe('findDisagreements', () => {
  it('finds a figure two sources give differently, each side quoted in full from its own source', () => {
    const found = find([AGENCY, TRIAL, MAGAZINE]);
    const cop = found.find((d) => d.claims.some((c) => c.value === '3.2'));
    expect(cop?.claims).toEqual([
      {
        n: 1,
        quote:
          'A typical air-source heat pump reaches a seasonal COP of 3.2 in mild climates, and modern cold-climate models keep working down to −25 °C.',
        value: '3.2',
      },
      {
        n: 2,
        quote:
          'In mild climates, the seasonal COP of an air-source heat pump is typically only 2.1, according to our field trial of 40 homes.',
        value: '2.1',
      },
    ]);
    // The topic is told in the sources' own words, as one of them writes them (not across the figure to "in mild climates").
    expect(cop?.topic).toBe('typical air-source heat pump reaches a seasonal COP');
  });

  it('finds two years given for one event', () => {
    expect(sides(find([AGENCY, TRIAL, MAGAZINE]))).toContain('1: 1938 | 3: 1942');
  });

  it('reports nothing more: figures within 15 %, inside a range, a month against a year, and costs of other things agree or are not compared', () => {
    // €12,500 lies in €10,000–14,000; €75 a month is €900 a year; 18 years lies in 15 to 20;
    // a compressor (€3,000) and a service visit (€150) are not the installation.
    expect(sides(find([AGENCY, TRIAL, MAGAZINE])).sort()).toEqual(['1: 1938 | 3: 1942', '1: 3.2 | 2: 2.1']);
  });
});

function source(n: number, title: string, ...paragraphs: string[]): SourceText {
  return { n, title, text: paragraphs.join('\n\n') };
}

describe('findDisagreements: what is compared', () => {
  it('compares ranges as ranges: overlapping ones agree, ranges apart disagree', () => {
    const a = source(1, 'Lifespan guide', 'Most air-source heat pumps last 15 to 20 years with yearly servicing.');
    const overlapping = source(2, 'Buyer guide', 'With yearly servicing, most air-source heat pumps last 18–22 years.');
    const apart = source(
      3,
      'Installer blog',
      'Most air-source heat pumps last 8-10 years, even with yearly servicing.',
    );
    expect(sides(find([a, overlapping]))).toEqual([]);
    expect(sides(find([a, apart]))).toEqual(['1: 15 to 20 years | 3: 8-10 years']);
  });

  it('reads a bound as an interval: "up to 20 years" does not deny 15', () => {
    const a = source(1, 'Lifespan guide', 'Most air-source heat pumps last up to 20 years with yearly servicing.');
    const b = source(2, 'Buyer guide', 'With yearly servicing, most air-source heat pumps last 15 years.');
    const c = source(3, 'Installer blog', 'With yearly servicing, most air-source heat pumps last 30 years.');
    expect(sides(find([a, b]))).toEqual([]);
    expect(sides(find([a, c]))).toEqual(['1: up to 20 years | 3: 30 years']);
  });

  it('converts units of one kind (°F and °C, MWh and kWh) and never compares different kinds', () => {
    const celsius = source(
      1,
      'Cold climate models',
      'Cold-climate heat pumps keep their full heating output down to an outdoor temperature of −15 °C.',
    );
    const fahrenheit = source(
      2,
      'US buyer guide',
      'Cold-climate heat pumps keep their full heating output down to an outdoor temperature of 5 °F.',
    );
    const warmer = source(
      3,
      'Forum',
      'Cold-climate heat pumps keep their full heating output down to an outdoor temperature of 23 °F.',
    );
    expect(sides(find([celsius, fahrenheit]))).toEqual([]);
    expect(sides(find([celsius, warmer]))).toEqual(['1: −15 °C | 3: 23 °F']);

    const kwh = source(
      1,
      'Energy use',
      'A detached house with an air-source heat pump uses about 4000 kWh of electricity per year.',
    );
    const mwh = source(
      2,
      'Energy use',
      'A detached house with an air-source heat pump uses 4.2 MWh of electricity per year.',
    );
    const more = source(
      3,
      'Energy use',
      'A detached house with an air-source heat pump uses 6 MWh of electricity per year.',
    );
    const power = source(4, 'Sizing', 'A detached house with an air-source heat pump uses a unit of 8 kW for heating.');
    expect(sides(find([kwh, mwh, power]))).toEqual([]);
    expect(sides(find([kwh, more]))).toEqual(['1: 4000 kWh | 3: 6 MWh']);
  });

  it('reads the decimal comma and the thousands point of other languages', () => {
    const comma = source(
      1,
      'Wärmepumpen im Altbau',
      'Die Jahresarbeitszahl einer Luft-Wasser-Wärmepumpe liegt im Altbau bei 3,5.',
    );
    const point = source(2, 'Ratgeber', 'Im Altbau liegt die Jahresarbeitszahl einer Luft-Wasser-Wärmepumpe bei 3.5.');
    const lower = source(
      3,
      'Feldtest',
      'Im Feldtest lag die Jahresarbeitszahl einer Luft-Wasser-Wärmepumpe im Altbau nur bei 2,6.',
    );
    expect(sides(find([comma, point], 'Wie effizient ist eine Wärmepumpe im Altbau?', []))).toEqual([]);
    expect(sides(find([comma, lower], 'Wie effizient ist eine Wärmepumpe im Altbau?', []))).toEqual([
      '1: 3,5 | 3: 2,6',
    ]);
    // The two that agree are both set against the third.
    expect(sides(find([comma, point, lower], 'Wie effizient ist eine Wärmepumpe im Altbau?', []))).toEqual([
      '1: 3,5 | 2: 3.5 | 3: 2,6',
    ]);

    const german = source(1, 'Kosten', 'Die Wartung einer Wärmepumpe kostet im Jahr etwa 1.500 Euro.');
    const english = source(2, 'Costs', 'Die Wartung einer Wärmepumpe kostet im Jahr etwa 1,500 Euro.');
    expect(sides(find([german, english], 'Was kostet eine Wärmepumpe?', []))).toEqual([]);
  });

  it('does not compare figures given under different conditions (a COP at −15 °C and at 7 °C)', () => {
    const cold = source(
      1,
      'Cold test',
      'At an outdoor temperature of −15 °C, the COP of an air-source heat pump is 2.1.',
    );
    const mild = source(
      2,
      'Mild test',
      'At an outdoor temperature of 7 °C, the COP of an air-source heat pump is 3.6.',
    );
    const coldAgain = source(
      3,
      'Another cold test',
      'At an outdoor temperature of −15 °C, the COP of an air-source heat pump is 3.0.',
    );
    expect(sides(find([cold, mild]))).toEqual([]);
    // The temperatures are where the COP was measured, not figures of their own.
    const mildAlike = source(
      4,
      'Mild test',
      'At an outdoor temperature of 7 °C, the COP of an air-source heat pump is 2.3.',
    );
    expect(sides(find([cold, mildAlike]))).toEqual([]);
    expect(sides(find([cold, coldAgain]))).toEqual(['1: 2.1 | 3: 3.0']);
    // Named by the words around the figure, not by the condition's unit ("°C").
    expect(find([cold, coldAgain])[0]?.topic).toBe('COP of an air-source heat pump');
  });

  it('does not compare the costs of different things, nor a cost with a yearly cost', () => {
    const installation = source(
      1,
      'Costs',
      'Installing an air-source heat pump in a detached house costs around €12,000.',
    );
    const running = source(
      2,
      'Running costs',
      'Running an air-source heat pump in a detached house costs around €2,500 a year.',
    );
    const servicing = source(
      3,
      'Servicing',
      'Servicing an air-source heat pump in a detached house costs around €200.',
    );
    const replacement = source(4, 'Repairs', 'Replacing the compressor of an air-source heat pump costs about €3,000.');
    const otherInstallation = source(
      5,
      'Quotes',
      'Installing an air-source heat pump in a detached house costs around €18,000.',
    );
    expect(sides(find([installation, running, servicing, replacement]))).toEqual([]);
    expect(sides(find([installation, running, servicing, replacement, otherInstallation]))).toEqual([
      '1: €12,000 | 5: €18,000',
    ]);
  });

  it('reads two figures joined by "and" as two claims, each with its own subject', () => {
    const agency = source(
      1,
      'Safety',
      'The agency has received 520 reports of adverse events with semaglutide and 300 reports of adverse events with tirzepatide.',
    );
    const press = source(
      2,
      'News',
      'So far 540 reports of adverse events with semaglutide have been received by the agency.',
    );
    const other = source(
      3,
      'Blog',
      'So far 650 reports of adverse events with semaglutide have been received by the agency.',
    );
    // 540 agrees with the 520 for semaglutide; the 300 are tirzepatide's.
    expect(sides(find([agency, press], 'How many adverse events were reported?', []))).toEqual([]);
    expect(sides(find([agency, other], 'How many adverse events were reported?', []))).toEqual(['1: 520 | 3: 650']);
  });

  it('never sets a source against itself', () => {
    const both = source(
      1,
      'Two studies',
      'The 2019 study found that the seasonal COP of an air-source heat pump in mild climates is 3.2.',
      'A later review found that the seasonal COP of an air-source heat pump in mild climates is 2.1.',
    );
    expect(find([both])).toEqual([]);
    expect(find([both, { ...both }])).toEqual([]);
  });

  it('quotes the sentence as a person reads it, without the Markdown escapes of the page', () => {
    const escaped = source(
      1,
      'Utility',
      'PG\\&E says a heat pump water heater costs \\$3,200 to install in a single\\-family home.',
    );
    const other = source(
      2,
      'Retailer',
      'A heat pump water heater costs $4,800 to install in a single-family home, says the retailer.',
    );
    const found = find([escaped, other], 'What does a heat pump water heater cost?', []);
    expect(found.map((d) => d.claims[0]?.quote)).toEqual([
      'PG&E says a heat pump water heater costs $3,200 to install in a single-family home.',
    ]);
    expect(sides(found)).toEqual(['1: $3,200 | 2: $4,800']);
  });

  it('puts what the question asks about first and gives at most five', () => {
    const topics = ['boiler', 'radiator', 'tank', 'pipe', 'valve', 'pump', 'fan'];
    const a = source(1, 'Parts', ...topics.map((t) => `The ${t} of a typical heating system weighs 10 kg in total.`));
    const b = source(2, 'Parts', ...topics.map((t) => `The ${t} of a typical heating system weighs 20 kg in total.`));
    const found = find([a, b], 'How heavy is the fan of a heating system?', []);
    expect(found).toHaveLength(5);
    expect(found[0]?.topic).toMatch(/fan/);
  });
});
