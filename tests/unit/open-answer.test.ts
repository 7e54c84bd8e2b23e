/**
 * The extractive answer to open questions (src/main/answer/open-answer.ts) on pages written for
 * the test, cut into passages as the pipeline cuts them (passages.ts): a page on the subject and
 * one on another topic that shares the question's common words.
 */
import { describe, expect, it } from 'vitest';
import { checkCitations } from '../../src/main/answer/check-citations';
import { extractiveComposer, NOT_IN_SOURCES } from '../../src/main/answer/composer';
import { FACET_NOT_ANSWERED, openAnswer, withoutUnansweredFacets } from '../../src/main/answer/open-answer';
import { pagePassages, type Passage } from '../../src/main/answer/passages';
import { questionFacets } from '../../src/main/answer/question-shape';

function pages(...markdowns: [title: string, markdown: string][]): Passage[] {
  const out: Passage[] = [];
  for (const [i, [title, markdown]] of markdowns.entries())
    out.push(...pagePassages({ n: i + 1, url: `https://example.com/${i + 1}`, title, markdown }, out.length));
  return out;
}

const TINY_HOUSE: [string, string] = [
  'A year in a tiny house',
  [
    'We moved our family of six into a tiny house on our farm last year.',
    // The outer heading names one side, the inner ones say which each list is.
    '## Tiny living, the better way',
    '### Pros',
    '- It is energy efficient: heating the tiny house costs a third less than our old home.',
    '- Cleaning the whole tiny house takes us an hour and a half.',
    '### Cons',
    '- Storage in a tiny house is a constant problem, even for a bag of trash.',
    '- There is one bathroom for five people in the tiny house.',
  ].join('\n\n'),
];
const SOURDOUGH: [string, string] = [
  'Sourdough for beginners',
  'A sourdough starter needs feeding every day. Living yeast makes the dough rise in a warm house. The pros bake at a high heat.',
];

const lineOf = (answer: string, text: string): number => answer.split('\n').findIndex((line) => line.includes(text));

/** The answer from a heading's line on (a facet's block and the blocks after it); the heading must be there, below the lead. */
function blockFrom(answer: string, heading: string): string {
  const at = lineOf(answer, heading);
  expect(at).toBeGreaterThan(0);
  return answer.split('\n').slice(at).join('\n');
}

describe('pros and cons', () => {
  it("groups the page's pros and cons under labels, each sentence verbatim and cited, the other topic's page left out", () => {
    const given = pages(TINY_HOUSE, SOURDOUGH);
    const answer = openAnswer('What are the pros and cons of living in a tiny house?', given)!;
    const advantages = lineOf(answer, '**Advantages**');
    const drawbacks = lineOf(answer, '**Drawbacks**');
    expect(advantages).toBeGreaterThan(0);
    expect(drawbacks).toBeGreaterThan(advantages);
    // Each stands under its label, unless it is the lead (the first line).
    const storage = lineOf(answer, 'Storage in a tiny house');
    expect(storage === 0 || storage > drawbacks).toBe(true);
    const energy = lineOf(answer, 'energy efficient');
    expect(energy === 0 || (energy > advantages && energy < drawbacks)).toBe(true);
    expect(lineOf(answer, 'one bathroom')).toBeGreaterThan(drawbacks);
    expect(answer).not.toMatch(/sourdough|yeast|\[2\]/i);
    expect(checkCitations(answer, given, 2).supportedShare).toBe(1);
  });

  it("labels them in the question's language", () => {
    const given = pages([
      'Auto leasen',
      [
        '## Vorteile beim Leasing',
        '- Die Leasingraten lassen sich als Betriebsausgaben absetzen.',
        '## Nachteile beim Leasing',
        '- Das Auto gehört Ihnen am Ende des Leasings nicht.',
      ].join('\n\n'),
    ]);
    const answer = openAnswer('Was sind die Vor- und Nachteile beim Auto leasen?', given)!;
    // One leads; the other stands under its label.
    const label = answer.includes('**Vorteile**') ? '**Vorteile**' : '**Nachteile**';
    const grouped = label === '**Vorteile**' ? 'Betriebsausgaben' : 'gehört Ihnen';
    expect(lineOf(answer, grouped)).toBeGreaterThan(lineOf(answer, label));
    expect(answer).toContain('Betriebsausgaben');
    expect(answer).toContain('gehört Ihnen');
  });
});

describe('why', () => {
  it('leads with a sentence that gives a reason, not one that only names the subject', () => {
    const given = pages([
      'Landscape photography gear',
      [
        'I own three neutral density filters for landscape photography.',
        'Landscape photographers use neutral density filters because they cut the light, which allows long exposures in bright daylight.',
        'My tripod is the other piece of gear I always carry.',
      ].join(' '),
    ]);
    const answer = openAnswer('Why do landscape photographers use neutral density filters?', given)!;
    expect(answer.split('\n')[0]).toMatch(/^Landscape photographers use neutral density filters because/);
  });
});

describe('compound questions', () => {
  const VISAS: [string, string] = [
    'Digital nomad visas',
    'Digital nomads can live and work abroad legally on a digital nomad visa. Portugal and Spain grant such a visa to remote workers who show a steady income.',
  ];
  const COSTS: [string, string] = [
    'What living abroad costs a digital nomad',
    'A digital nomad visa application costs between 75 and 300 euros. Rent in Lisbon costs a digital nomad about 1,200 euros a month.',
  ];

  it("answers each facet under the facet's own words, from the pages on it", () => {
    const given = pages(VISAS, COSTS);
    const answer = openAnswer('How can digital nomads live and work abroad legally, and what does it cost?', given)!;
    const costs = lineOf(answer, '**What does it cost?**');
    expect(costs).toBeGreaterThan(0);
    // The subject the facet leans on ranks its passages; its heading reads as it was asked.
    expect(answer).not.toMatch(/cost \(/);
    expect(answer.split('\n').slice(costs).join('\n')).toMatch(/costs/);
    expect(answer).toMatch(/visa/);
  });

  it("answers a facet that names its own subject from the question's pages, not from a page of another topic with its words", () => {
    const TRAINING: [string, string] = [
      'Strength training for gym beginners',
      [
        'Strength training makes the bones and muscles of gym beginners stronger.',
        'A gym beginner should plan the week with three training days and a rest day between them.',
      ].join(' '),
    ];
    // Shares the second facet's words (a beginner, to plan, the week) and nothing of strength training.
    const TRAVEL: [string, string] = [
      'Booking flights for beginners',
      'A beginner can plan the week of a trip with the flight search. Pick the week first, then plan the hotel.',
    ];
    const answer = openAnswer(
      'Why should gym beginners do strength training, and how should a beginner plan the week?',
      pages(TRAINING, TRAVEL),
    )!;
    expect(answer).toMatch(/rest day/);
    expect(answer).not.toMatch(/flight|hotel/);
  });

  it('says a facet whose own words no page writes is not answered, and quotes nothing for it', () => {
    const given = pages(VISAS);
    const answer = openAnswer(
      'How can digital nomads live and work abroad legally, and which vaccines do they need?',
      given,
    )!;
    expect(answer).toMatch(/visa/);
    const blocks = answer.split('\n\n');
    const vaccines = blocks.findIndex((block) => /^\*\*.*vaccines.*\*\*$/i.test(block));
    expect(vaccines).toBeGreaterThan(0);
    expect(blocks[vaccines + 1]).toBe(FACET_NOT_ANSWERED);
    expect(blocks.filter((block) => /vaccines/i.test(block))).toHaveLength(1);
  });

  it('leaves the unanswered facets out for a report to say, and keeps the answered ones', () => {
    const answer = openAnswer(
      'How can digital nomads live and work abroad legally, and which vaccines do they need?',
      pages(VISAS),
    )!;
    const kept = withoutUnansweredFacets(answer);
    expect(kept).not.toMatch(/vaccines|Not answered/);
    expect(kept).toMatch(/visa/);
    expect(answer.startsWith(kept)).toBe(true);
  });
});

describe('the extractive composer', () => {
  it('answers an open question the pages speak to rather than saying they do not', async () => {
    const given = pages(TINY_HOUSE, SOURDOUGH);
    const answer = await extractiveComposer({
      question: 'What are the pros and cons of living in a tiny house?',
      passages: given,
      onText: () => {},
    });
    expect(answer.startsWith(NOT_IN_SOURCES)).toBe(false);
  });

  it('leaves a factoid to the factoid composer, and declines an open question no page is about', async () => {
    const given = pages(TINY_HOUSE, SOURDOUGH);
    expect(openAnswer('How much does heating the tiny house cost?', given)).toBeUndefined();
    expect(openAnswer('What are the pros and cons of electric scooters?', given)).toBeUndefined();
    const answer = await extractiveComposer({
      question: 'What are the pros and cons of electric scooters?',
      passages: given,
      onText: () => {},
    });
    expect(answer.startsWith(NOT_IN_SOURCES)).toBe(true);
  });

  it('answers a facet asking for a name by the sentences about it, as the compound answer does', async () => {
    const question = 'What must employers know when an employee’s child is sick, and who pays the wages then?';
    const facet = questionFacets(question)[1]!;
    expect(facet).toMatch(/^Who pays the wages then \(.+\)\?$/);
    const given = pages([
      'When an employee’s child is sick',
      [
        'Employers must let an employee stay home with a sick child when no one else in the household can look after it.',
        '## Who pays the wages then?',
        'By law the employee is released on full salary for up to ten days a year.',
        'Otherwise the health insurance covers 90 percent of the net salary.',
      ].join('\n\n'),
    ]);
    const answer = await extractiveComposer({ question: facet, passages: given, onText: () => {}, facet: true });
    expect(answer).toMatch(/full salary|90 percent/);
    expect(answer.startsWith(NOT_IN_SOURCES)).toBe(false);
  });
});

describe("a page's section as the answer's structure", () => {
  const CATERING: [string, string] = [
    'Hiring a caterer for your event',
    [
      'Planning an event involves many details, and food is one of the most important. Hiring a catering service for a party is a smart choice.',
      '## Why Choose Catering?',
      'When it comes to catering a gathering, you can do it yourself or hire a catering service.',
      '- **Convenience:** Professionals handle everything from setup to service, so you can focus on your guests.',
      '- **Quality food:** A professional knows how to deliver well-prepared, flavorful meals.',
      '- **Money savings:** It is often worth the expense when you realize how much time you will save.',
      '## Catering for weddings',
      'A catering service for a wedding reception needs a lot of coordination to keep the food hot.',
    ].join('\n\n'),
  ];
  const SOURDOUGH_PARTY: [string, string] = [
    'Sourdough party',
    'A sourdough party needs a warm house. The pros bake at a high heat for the service.',
  ];

  // The section's heading is not yet shown as the answer's label on this page (outline() passes
  // it over for the list's own points); what holds is the points themselves, in the page's order.
  it('quotes the points a page lists under a heading that asks the question, in the page order, the other topic left out', () => {
    const given = pages(CATERING, SOURDOUGH_PARTY);
    const answer = openAnswer('Why hire a catering service?', given)!;
    const at = ['Convenience', 'Quality food', 'Money savings'].map((point) => lineOf(answer, point));
    expect(at[0]).toBeGreaterThanOrEqual(0);
    expect(at[1]).toBeGreaterThan(at[0]!);
    expect(at[2]).toBeGreaterThan(at[1]!);
    expect(answer).not.toMatch(/sourdough|\[2\]/i);
    expect(checkCitations(answer, given, 2).supportedShare).toBe(1);
  });

  it("lists a section's sub-sections in the page's order, though the passages come ranked, and meets its figures written as digits", () => {
    const PHASES: [string, string] = [
      'Project management explained',
      [
        '## What are the 5 phases of project management?',
        '### 1. Initiating',
        'The initiating phase sets the goals and the budget of the project.',
        '### 2. Planning',
        'The planning phase turns the goals into a schedule of tasks.',
        '### 3. Executing',
        'The executing phase carries out the tasks of the plan.',
        '### 4. Closing',
        'The closing phase hands over the result and reviews the project.',
      ].join('\n\n'),
    ];
    // As composerPassages hands them: best first, not in the page's order.
    const ranked = [...pages(PHASES)].reverse();
    const answer = openAnswer('What are the five phases of project management?', ranked, { factoid: true })!;
    expect(answer).toContain('**What are the 5 phases of project management?**');
    const at = ['1. Initiating', '2. Planning', '3. Executing', '4. Closing'].map((label) => lineOf(answer, label));
    expect(at[0]).toBeGreaterThanOrEqual(0);
    for (let i = 1; i < at.length; i++) expect(at[i]).toBeGreaterThan(at[i - 1]!);
  });

  it('of two sections on the subject that score alike, outlines the one whose heading names what is asked', () => {
    const COMPOSTING: [string, string] = [
      'Composting at home',
      [
        '## Composting best practices',
        '### Balance greens and browns',
        'Mix kitchen scraps with dry leaves so that the compost pile neither rots nor dries out.',
        '### Turn the pile',
        'Turning the compost pile every week lets air reach the microbes.',
        '## Types of composting',
        '### Hot composting',
        'Hot composting keeps a large pile at 60 °C and is done in a few weeks.',
        '### Vermicomposting',
        'Vermicomposting uses worms in a bin to turn scraps into castings.',
      ].join('\n\n'),
    ];
    const answer = openAnswer('What types of composting are there?', pages(COMPOSTING, SOURDOUGH))!;
    expect(answer).toContain('**Types of composting**');
    expect(answer).not.toContain('**Composting best practices**');
    expect(lineOf(answer, 'Hot composting')).toBeGreaterThanOrEqual(0);
  });

  describe('a guide page answers a how-to with its headings', () => {
    const GUIDE: [string, string] = [
      'A Beginner’s Guide to Starting Music Lessons',
      [
        'Music lessons at any age can change your life.',
        '## Choosing the Right Instrument',
        'Selecting the right instrument is the first step of your musical journey.',
        '## Booking Trial Lessons',
        'Trial lessons let you get a feel for a teacher before you commit.',
        '## Setting Realistic Goals',
        'Realistic goals keep a beginner motivated through the first months.',
      ].join('\n\n'),
    ];

    it("lists the page's headings, in its order, when its title asks what the question asks", () => {
      const given = pages(GUIDE, SOURDOUGH);
      const answer = openAnswer('How should a beginner start music lessons?', given)!;
      expect(answer).toContain('**A Beginner’s Guide to Starting Music Lessons**');
      const at = ['Choosing the Right Instrument', 'Booking Trial Lessons', 'Setting Realistic Goals'].map((label) =>
        lineOf(answer, `**${label}**`),
      );
      expect(at[0]).toBeGreaterThanOrEqual(0);
      expect(at[1]).toBeGreaterThan(at[0]!);
      expect(at[2]).toBeGreaterThan(at[1]!);
      expect(checkCitations(answer, given, 2).supportedShare).toBe(1);
    });

    it('prefers a section that asks the question to the whole page', () => {
      const withSection: [string, string] = [
        GUIDE[0],
        `${GUIDE[1]}\n\n## How to start music lessons\n\n- Ask a music school for a first lesson.\n- Practise ten minutes a day.`,
      ];
      const answer = openAnswer('How should a beginner start music lessons?', pages(withSection))!;
      expect(answer).toContain('**How to start music lessons**');
      expect(answer).not.toContain('**A Beginner’s Guide to Starting Music Lessons**');
    });
  });

  it('answers a facet with no words of its own ("How do you do it?") from the pages on the subject it leans on', () => {
    const facet = questionFacets('Why should you negotiate your salary, and how do you do it?')[1]!;
    expect(facet).toMatch(/^How do you do it \(.*salary\)\?$/);
    const given = pages(
      [
        'How to negotiate your salary',
        [
          'Negotiating your salary raises what you earn for the rest of your career.',
          'Research the salary range for the role before you negotiate.',
          'Start the salary negotiation with a number at the top of that range.',
        ].join('\n\n'),
      ],
      SOURDOUGH,
    );
    const answer = openAnswer(facet, given, { factoid: true });
    expect(answer).toMatch(/Research the salary range|Start the salary negotiation/);
    expect(answer).not.toMatch(/sourdough/i);
  });
});

describe('the list the best sentence is an item of', () => {
  const ETIQUETTE: [string, string] = [
    'Etiquette for meeting people with disabilities',
    [
      'Small gestures make a meeting easier for everyone.',
      '**People with limited mobility:**',
      '- Avoid touching their chair or leaning on it: it is part of their personal space.',
      '- Sit down when you talk for a while, so that your eyes are at the same level.',
      '- Never bend over a person in a wheelchair to shake hands with someone beside them.',
      '- Ask how they want to be helped before you push.',
      '**People who are deaf:**',
      '- Keep eye contact and do not cover your mouth.',
      '- Speak at your normal volume.',
    ].join('\n\n'),
  ];
  const GUIDE: [string, string] = [
    'Wheelchair etiquette',
    'Speak directly to a person in a wheelchair, not to the companion beside them. Wheelchair users travel more every year.',
  ];
  const QUESTION = 'How should you behave around a person in a wheelchair?';

  // Only one item of the page's list names the subject; the page lists the others with it because they answer together.
  it("quotes the list's other items in the page's order, not the next list, and keeps the points gathered from other pages", () => {
    const given = pages(ETIQUETTE, GUIDE);
    const answer = openAnswer(QUESTION, given)!;
    expect(answer.split('\n')[0]).toMatch(/^Never bend over a person in a wheelchair/);
    const at = ['Avoid touching their chair', 'Sit down when you talk', 'Ask how they want to be helped'].map((point) =>
      lineOf(answer, point),
    );
    expect(at[0]).toBeGreaterThan(0);
    expect(at[1]).toBeGreaterThan(at[0]!);
    expect(at[2]).toBeGreaterThan(at[1]!);
    // The lead is quoted once, the list of the next heading not at all, the other page's point still.
    expect(answer.match(/Never bend over/g)).toHaveLength(1);
    expect(answer).not.toMatch(/eye contact|normal volume/);
    expect(answer).toContain('Speak directly to a person in a wheelchair, not to the companion beside them. [2]');
    expect(checkCitations(answer, given, 2).supportedShare).toBe(1);
  });

  it('takes no list around a pair of items', () => {
    const [title, markdown] = ETIQUETTE;
    const pair = markdown.replace(/- Avoid touching[^\n]*\n\n|- Sit down[^\n]*\n\n/g, '');
    const answer = openAnswer(QUESTION, pages([title, pair], GUIDE))!;
    expect(answer).toMatch(/^Never bend over/);
    expect(answer).not.toContain('Ask how they want to be helped');
  });
});

describe("a comparison's side", () => {
  const NATIVE = [
    'Native apps run faster, which is their main advantage.',
    'A benefit of native apps is full access to the camera and sensors.',
    'Native apps work offline, another advantage.',
    'A drawback of native apps is the cost of building one for every platform.',
    'The downside of native apps is that every update goes through the app store.',
  ];
  const WEB = [
    'Web apps update instantly, their main advantage.',
    'A benefit of web apps is that nobody has to download anything.',
    'Web apps run on any device with a browser, another advantage.',
    'A drawback of web apps is a slower interface.',
    'The downside of web apps is that they need a connection.',
  ];

  it('leads with, and gathers, the points about its own side before those of the side it is set against', () => {
    const given = pages(['Native apps vs web apps', [...WEB, ...NATIVE].join('\n\n')], SOURDOUGH);
    const answer = openAnswer('Native apps: advantages and drawbacks (vs web apps)?', given)!;
    expect(answer.split('\n')[0]).toMatch(/native apps/i);
    for (const point of NATIVE) expect(answer).toContain(point);
  });
});

describe('a section the page heads with what is asked, told in prose', () => {
  const POND: [string, string] = [
    'Winter care for a garden pond',
    [
      'A garden pond needs little care in winter, but the care it needs matters.',
      'Clear fallen leaves from the pond in autumn, before they rot on the bottom.',
      '## Keeping the pond from freezing over',
      'Ice seals the gases of rotting plants under the surface, and the fish suffocate. A floating heater keeps one hole open all winter. Never break the ice with a hammer: the shock stuns the fish.',
      '## Feeding in winter',
      'Stop feeding the fish once the water is colder than 10 °C.',
    ].join('\n\n'),
  ];
  const QUESTION = 'How do you keep a garden pond from freezing over?';

  // Its sentences name neither the pond nor freezing: the heading does, for them.
  it("quotes the section's opening as a paragraph under its heading, beside the points gathered", () => {
    const given = pages(POND, SOURDOUGH);
    const answer = openAnswer(QUESTION, given)!;
    // The lead is quoted first, not again in its paragraph.
    expect(answer.split('\n')[0]).toBe('A floating heater keeps one hole open all winter. [1]');
    expect(answer).toContain(
      '**Keeping the pond from freezing over**\n\nIce seals the gases of rotting plants under the surface, and the fish suffocate. [1]\n\n',
    );
    expect(answer).toMatch(/Clear fallen leaves from the pond/);
    expect(answer).not.toMatch(/sourdough|Stop feeding/i);
    expect(checkCitations(answer, given, 2).supportedShare).toBe(1);
  });

  it("answers a compound question's facet from it, under the facet's own words", () => {
    const answer = openAnswer(
      'How do you keep a garden pond from freezing over, and when do you stop feeding its fish?',
      pages(POND, SOURDOUGH),
    )!;
    const [freezing, feeding] = [
      '**How do you keep a garden pond from freezing over?**',
      '**When do you stop feeding its fish?**',
    ].map((heading) => lineOf(answer, heading));
    expect(freezing).toBeGreaterThan(0);
    expect(feeding).toBeGreaterThan(freezing!);
    expect(answer.split('\n').slice(freezing, feeding).join('\n')).toContain(
      '**Keeping the pond from freezing over**\n\nIce seals the gases of rotting plants under the surface, and the fish suffocate. [1]',
    );
    expect(answer.split('\n').slice(feeding).join('\n')).toContain(
      'Stop feeding the fish once the water is colder than 10 °C. [1]',
    );
  });
});

describe("a compound question's later facet", () => {
  const HEATING: [string, string] = [
    'Heating while you are away for the holidays: never switch it off completely',
    [
      'Do not switch the heating off completely: turn the thermostat of every room down to 14 degrees while you are away for the holidays.',
      'A smart thermostat lets you turn the heating back up from your phone before you come home.',
      'Heating an empty house to 20 degrees wastes energy for nothing.',
      'Set the heating of your home to a holiday mode before you go away for the holidays.',
      'A timer brings your home back to 20 degrees the evening you return from the holidays.',
      'Close the curtains of your home: they keep the heat in while you are away.',
      'Bleed the radiators of your home before the holidays so that they heat evenly.',
      'Below freezing, the pipes of an unheated home can burst.',
      'Rooms colder than 14 degrees grow mould on their walls.',
    ].join('\n\n'),
  ];

  // The sentence that says why names little of the subject (its "home"), too little to lead an answer; the answer has its lead already.
  it('is answered by a sentence on the subject that could not lead, not said to be unanswered', () => {
    const answer = openAnswer(
      'How should you heat your home while you are away for the holidays, and why not switch it off completely?',
      pages(HEATING, SOURDOUGH),
    )!;
    const block = blockFrom(answer, '**Why not switch it off completely?**');
    expect(block).toContain('Below freezing, the pipes of an unheated home can burst. [1]');
    expect(block).not.toContain(FACET_NOT_ANSWERED);
  });
});

describe('a facet whose only own word is of its shape', () => {
  const DIFFUSER: [string, string] = [
    'The flame diffuser for essential oils',
    [
      'Pour a few drops of your favourite essential oil into the tank of the flame diffuser.',
      'Press the button once: the flame diffuser lights its flame and spreads the essential oil for seven hours.',
      'A flame diffuser is safe beside children, since its flame is only light on mist.',
      'The flame diffuser is quiet enough for a bedroom and uses little power.',
      'Fill the tank of the flame diffuser with tap water up to the line.',
      'Clean the tank of the flame diffuser with a cloth once a week.',
      'Set the flame diffuser on a flat table, away from the edge.',
      'Unplug the flame diffuser when the tank is empty.',
      'Set the timer of the flame diffuser with its second button.',
    ].join('\n\n'),
  ];

  // No page writes "choose": the facet asks of the diffuser it leans on, as one with no words of its own does.
  it('is answered from the pages on the subject it leans on, not said to be unanswered', () => {
    const answer = openAnswer(
      'How do you use a flame diffuser for essential oils, and why choose it?',
      pages(DIFFUSER, SOURDOUGH),
    )!;
    const block = blockFrom(answer, '**Why choose it?**');
    expect(block).not.toContain(FACET_NOT_ANSWERED);
    expect(block).toMatch(/\[1\]/);
    expect(block).not.toMatch(/sourdough/i);
  });
});
