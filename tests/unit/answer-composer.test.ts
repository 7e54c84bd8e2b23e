import { describe, expect, it } from 'vitest';
import { extractiveComposer, NOT_IN_SOURCES } from '../../src/main/answer/composer';
import type { Passage } from '../../src/main/answer/passages';
import {
  answerSpan,
  asksKindOfNumber,
  expectsName,
  expectsNumber,
  holdsNewName,
  holdsNumber,
  holdsNumberOfKind,
  nameRunsIn,
  namesIn,
} from '../../src/main/answer/question-cues';
import { termWeights, weightedCoverage } from '../../src/main/answer/term-weights';
import { contentTerms, sameTerm } from '../../src/main/answer/terms';

/** Passages from [source number, text] pairs, one passage each; `titles` names pages other than "Page n". */
function passages(...texts: [number, string][]): Passage[] {
  return titled({}, ...texts);
}

function titled(titles: Record<number, string>, ...texts: [number, string][]): Passage[] {
  return texts.map(([n, text], id) => ({
    id,
    n,
    url: `https://example.com/${n}`,
    title: titles[n] ?? `Page ${n}`,
    text,
    start: 0,
    end: text.length,
  }));
}

const compose = (question: string, given: Passage[]): Promise<string> =>
  extractiveComposer({ question, passages: given, onText: () => {} });

describe('sameTerm', () => {
  it('meets inflections by a long shared beginning', () => {
    expect(sameTerm('ladezyklen', 'ladezyklus')).toBe(true);
    expect(sameTerm('miesiąc', 'miesiącu')).toBe(true);
  });

  it('keeps short and different words apart', () => {
    expect(sameTerm('cost', 'costa')).toBe(false);
    expect(sameTerm('campaign', 'campus')).toBe(false);
    expect(sameTerm('咖啡豆', '咖啡')).toBe(false);
  });

  it('meets a German separable verb and its participle, whose "ge" stands after the prefix', () => {
    expect(sameTerm('ausgeschaltet', 'ausschalten')).toBe(true);
    expect(sameTerm('heruntergedreht', 'herunterdrehen')).toBe(true);
    // Only after a separable prefix: a word that merely begins with "ge" keeps it.
    expect(sameTerm('general', 'neral')).toBe(false);
    expect(sameTerm('aufgeben', 'aufbauen')).toBe(false);
  });

  it('meets a compound and its head, written last, when the head is long enough to mean something', () => {
    expect(sameTerm('fusionsexperiment', 'experiment')).toBe(true);
    expect(sameTerm('forschungsanlage', 'anlage')).toBe(true);
    expect(sameTerm('bystand', 'stand')).toBe(false);
  });
});

describe('contentTerms', () => {
  it('drops the question words of other languages', () => {
    expect(contentTerms('Wie viele Ladezyklen halten Akkus aus?')).toEqual(['ladezyklen', 'halten', 'akkus', 'aus']);
    expect(contentTerms('¿Qué porcentaje sacó Boric?')).toEqual(['porcentaje', 'sacó', 'boric']);
  });

  it("folds an initialism's plural to its singular, as its apostrophe spelling is folded", () => {
    expect(contentTerms("VMs, GPUs and the VM's disks")).toEqual(['vm', 'gpu', 'vm', 'disk']);
    expect(contentTerms('iOS DOS PhDs')).toEqual(['ios', 'dos', 'phds']);
  });
});

describe('termWeights', () => {
  it('weighs a rare term above one every passage holds, and a term no passage holds highest', () => {
    const texts = [new Set(['coffee', 'kaldi']), new Set(['coffee']), new Set(['coffee', 'roast'])];
    const weights = termWeights(['coffee', 'kaldi', 'espresso'], texts);
    expect(weights.get('kaldi')).toBeGreaterThan(weights.get('coffee') as number);
    expect(weights.get('espresso')).toBeGreaterThan(weights.get('kaldi') as number);
    // Holding the rare term counts for more than holding the common one.
    expect(weightedCoverage(weights, new Set(['kaldi']))).toBeGreaterThan(
      weightedCoverage(weights, new Set(['coffee'])),
    );
  });
});

describe('question cues', () => {
  it('knows questions that ask for a number, in several languages', () => {
    for (const q of [
      'How many pages long is the book?',
      'When did it open?',
      'Wie viele Akkus?',
      'Combien coûte-t-il ?',
      '¿Cuántos años tiene?',
      'Quanti cuccioli sono nati?',
      'Ile ważył?',
      'Kuinka monta?',
      '咖啡多少钱？',
    ])
      expect(expectsNumber(q), q).toBe(true);
    for (const q of ['Who won the race?', 'Which file tracks dependencies?', 'Where did they teach when young?'])
      expect(expectsNumber(q), q).toBe(false);
    expect(holdsNumber('It weighs 653 g.')).toBe(true);
    expect(holdsNumber('It weighs little.')).toBe(false);
    // A number the question already holds answers nothing.
    expect(holdsNumber('Red Dead Redemption 2 is an epic tale.', ['red', 'dead', 'redemption', '2'])).toBe(false);
    expect(holdsNumber('Red Dead Redemption 2 is set in 1899.', ['red', 'dead', 'redemption', '2'])).toBe(true);
  });

  // JavaScript's \b knows only ASCII word characters: no boundary stands after "ß" or "ä" before a
  // space, nor before "à" after one, so a cue written "groß\b" never matched.
  it('knows the cues that begin or end with a letter outside ASCII', () => {
    for (const q of [
      'Wie groß ist das Haus?',
      'Kuinka pitkä matka on?',
      'Minä päivänä se avattiin?',
      'À quelle date ouvre-t-il ?',
    ])
      expect(expectsNumber(q), q).toBe(true);
    for (const q of [
      'Kuinka pitkä kurssi on?',
      '¿Qué precio tiene?',
      'Mitä lippu maksaa?',
      '¿Qué resolución tiene el mapa?',
    ])
      expect(asksKindOfNumber(q), q).toBe(true);
    expect(expectsName('Ketkä voittivat?')).toBe(true);
  });

  it('knows questions that ask who, and sentences that name someone new', () => {
    for (const q of ['Who won the race?', 'Qui a remplacé le ministre ?', '¿Quién ganó?', 'Wer hat gewonnen?'])
      expect(expectsName(q), q).toBe(true);
    expect(expectsName('Which file tracks dependencies?')).toBe(false);
    expect(holdsNewName('In the 19th century machines were invented for roasting.', ['invent', 'machine'])).toBe(false);
    expect(holdsNewName('The machine was invented by Angelo Moriondo in Turin.', ['invent', 'machine'])).toBe(true);
    expect(holdsNewName('The Islanders beat the Penguins.', ['islander', 'penguin'])).toBe(false);
  });

  it('knows when a question asks for a year, an age or a share, and which numbers are one', () => {
    expect(
      holdsNumberOfKind(
        'The story is set in 1899, at the end of the Wild West.',
        'In what year does the story take place?',
      ),
    ).toBe(true);
    expect(
      holdsNumberOfKind('Winner of over 175 awards and 250 perfect scores.', 'In what year does the story take place?'),
    ).toBe(false);
    expect(holdsNumberOfKind('The 55-year-old is the third resident to catch it.', 'How old was the hunter?')).toBe(
      true,
    );
    expect(holdsNumberOfKind('Zgłosił się 27-letni Angus Barbieri.', 'Ile lat miał Angus Barbieri?')).toBe(true);
    expect(holdsNumberOfKind('Il a 32 ans.', 'Quel âge a-t-il ?')).toBe(true);
    expect(holdsNumberOfKind('Será recibido cerca de las 13:00 horas.', '¿Cuántos años tiene el presidente?')).toBe(
      false,
    );
    expect(
      holdsNumberOfKind('Women held 10% of ministerial posts.', 'Quelle part des postes les femmes occupaient-elles ?'),
    ).toBe(true);
    expect(holdsNumberOfKind('Noin kaksi prosenttia kärsii siitä.', 'Kuinka suuri osa kärsii?')).toBe(true);
    expect(holdsNumberOfKind('Tunisia ranked 67th in 2019.', 'What share of posts did women hold in 2019?')).toBe(
      false,
    );
    // A question that asks for no particular kind of number takes any.
    expect(holdsNumberOfKind('It costs $6.99.', 'How much does it cost?')).toBe(true);
  });

  it('asks a question that counts in a unit for a number in that unit', () => {
    const watts = 'How many watts does the board save with its LEDs off?';
    expect(holdsNumberOfKind('I built it from the 6.6.16 sources and turned off all 3 LEDs.', watts)).toBe(false);
    expect(holdsNumberOfKind('Turning them off saves about 0.3 W.', watts)).toBe(true);
    expect(holdsNumberOfKind('It draws 27 watts at full load.', watts)).toBe(true);
    expect(answerSpan('With its LEDs off the board saves 0.3 W of its 5 W.', watts, [])).toBeUndefined();
    expect(answerSpan('Turning them off saves about 0.3 W.', watts, [])).toBe('0.3 W');
    expect(holdsNumberOfKind('Der Akku hält bis zu neun Stunden.', 'Wie viele Stunden hält der Akku?')).toBe(true);
    expect(holdsNumberOfKind('Der Akku hat 4310 mAh.', 'Wie viele Stunden hält der Akku?')).toBe(false);
    // A measure counted in a unit asks for that unit too.
    const protein = 'How much protein does one shake have?';
    expect(holdsNumberOfKind('Yes, the shake is 100% vegan and made with plant protein.', protein)).toBe(false);
    expect(answerSpan('Each shake packs 40g protein.', protein, [])).toBe('40g');
    expect(answerSpan('I have 32GB RAM and an 8-core Ryzen.', 'How much RAM is in the laptop?', [])).toBe('32GB');
    expect(answerSpan('It comes with 64 GB of storage.', 'How much internal storage does it have?', [])).toBe('64 GB');
    // "How many pages": a count of things, not a unit; any number answers it.
    expect(holdsNumberOfKind('The book has 180 of them.', 'How many pages does the book have?')).toBe(true);
  });

  it('finds the names a question asks about, not its first word', () => {
    expect(namesIn('What was the unemployment rate in Germany in March?')).toEqual(['germany', 'march']);
    expect(namesIn('Which outlet reported it?')).toEqual([]);
  });

  it('groups the capitalised words written together into one name', () => {
    expect(nameRunsIn('What budget did the Linus Tech Tips poster set for his PC?')).toEqual([
      ['linus', 'tech', 'tips'],
      ['pc'],
    ]);
    expect(nameRunsIn('Is Berlin bigger than Munich, Germany?')).toEqual([['berlin'], ['munich'], ['germany']]);
  });
});

describe('extractiveComposer', () => {
  const fillers = [
    'Coffee was first roasted in Arabia and spread to Europe in the 17th century.',
    'The museum opens its new wing of modern sculpture to visitors next spring.',
    'Heavy rain is expected across the northern valleys for most of the weekend.',
    'The city council approved a budget for repairing three bridges downtown.',
    'Sourdough bread needs a starter of flour and water fed over several days.',
    'The telescope captured images of a distant galaxy cluster in infrared light.',
    'Local farmers reported a strong apple harvest after a mild and sunny summer.',
  ];

  it('answers with the sentence that holds the number asked for, though the question words it differently', async () => {
    const given = passages(
      [
        1,
        'Disney Plus had a rough first week with many glitches. Disney’s streaming service is priced at $6.99 a month and holds movies from Pixar.',
      ],
      [2, 'Coffee was first roasted in Arabia. The drink spread to Europe in the 17th century.'],
    );
    const answer = await compose('How much does the Disney Plus service cost per month?', given);
    expect(answer.startsWith(NOT_IN_SOURCES)).toBe(false);
    expect(answer.split('\n')[0]).toContain('$6.99');
  });

  it('needs fewer of the terms when the question asks for a number and the sentence holds one', async () => {
    const given = passages(
      [1, 'South Dakota paid roughly $449,000 for the ad campaign.'],
      [2, 'Coffee was first roasted in Arabia and spread to Europe in the 17th century.'],
    );
    // "pay" and "anti-drug" are not on the page: about a third of the weight is there, and the number.
    expect(await compose('How much did South Dakota pay for its anti-drug ad campaign?', given)).toBe(
      '**$449,000** [1]\n\nSouth Dakota paid roughly $449,000 for the ad campaign. [1]',
    );
    expect(
      (await compose('Which agency did South Dakota pay for its anti-drug ad campaign?', given)).startsWith(
        NOT_IN_SOURCES,
      ),
    ).toBe(true);
  });

  it('does not answer a number question from sentences without a number', async () => {
    const given = passages([
      1,
      'The Keychron keyboard comes in a version with an aluminium frame and hot-swappable switches for typists.',
    ]);
    const answer = await compose('How heavy is the Keychron keyboard with the aluminium frame?', given);
    expect(answer.startsWith(NOT_IN_SOURCES)).toBe(true);
  });

  it('does not answer about a name the sources never write', async () => {
    const given = passages(
      [
        1,
        'The unemployment rate in Poland was 3.1 percent in March 2021, the statistics office Eurostat said on Friday.',
      ],
      [2, 'Coffee was first roasted in Arabia and spread to Europe in the 17th century.'],
    );
    expect(
      (await compose('What was the unemployment rate in Germany in March 2021?', given)).startsWith(NOT_IN_SOURCES),
    ).toBe(true);
    expect(
      (await compose('What was the unemployment rate in Poland in March 2021?', given)).startsWith(NOT_IN_SOURCES),
    ).toBe(false);
  });

  it('takes a name of several words as written where half of its words are, not where fewer are', async () => {
    const given = passages(
      [1, 'On the Tech Tips forum, the poster set a budget of $3,500 for his video editing PC.'],
      [2, 'Coffee was first roasted in Arabia and spread to Europe in the 17th century.'],
    );
    expect(await compose('What budget did the Linus Tech Tips poster set for his video editing PC?', given)).toContain(
      '$3,500',
    );
    expect(
      (await compose('What budget did the Linus Media Group poster set for his video editing PC?', given)).startsWith(
        NOT_IN_SOURCES,
      ),
    ).toBe(true);
  });

  it('once the sources answer, leads with a more relevant sentence that says as much of the question, though its passage says less', async () => {
    const given = passages(
      [1, 'Unite Connect forwards Zorbex alarms to phones.'],
      [
        2,
        'Zorbex makes monitors for hospitals and clinics across the country. Nurses there carry phones on every shift.',
      ],
    );
    const answer = await compose('Which software sends Zorbex monitor alarms to the phones of nurses?', given);
    expect(answer.split('\n')[0]).toBe('Unite Connect forwards Zorbex alarms to phones. [1]');
    // Alone, that sentence's passage holds too little of the question: the sources do not answer.
    expect(
      (
        await compose('Which software sends Zorbex monitor alarms to the phones of nurses?', given.slice(0, 1))
      ).startsWith(NOT_IN_SOURCES),
    ).toBe(true);
  });

  it('lets a sentence with the one number of the kind asked lead with less of the question in it, its passage holding the rest', async () => {
    const given = passages(
      [
        1,
        'The Zorbex museum in Lintau has a new sculpture wing for modern art. The doors first opened to visitors in 1998.',
      ],
      [2, 'Coffee was first roasted in Arabia and spread to Europe in the 17th century.'],
    );
    expect(await compose('In what year did the Zorbex museum in Lintau open its new sculpture wing?', given)).toMatch(
      /^\*\*1998\*\* \[1\]\n\nThe doors first opened to visitors in 1998\. \[1\]/,
    );
  });

  it('does not lead with a page that writes none of the names the question asks about', async () => {
    const given = titled(
      { 1: 'Zentra Auth', 2: 'Feeder app' },
      [1, 'Zentra Auth handles the sign-in of web and mobile apps with email links and social logins.'],
      [2, 'Monthly active users of the feeder app get 24 months of free updates for every feeder they register.'],
    );
    expect(
      (await compose('How many monthly active users does Zentra Auth include for free?', given)).startsWith(
        NOT_IN_SOURCES,
      ),
    ).toBe(true);
    // The name in the page's title is enough: the page's sentences leave it to the title.
    const pricing = titled(
      { 1: 'Zentra Auth', 2: 'Feeder app', 3: 'Zentra Auth pricing' },
      ...given.map((p): [number, string] => [p.n, p.text]),
      [3, 'The free plan includes 50,000 monthly active users and unlimited social logins.'],
    );
    expect(await compose('How many monthly active users does Zentra Auth include for free?', pricing)).toContain(
      '50,000',
    );
  });

  it("takes a name a library document writes in one section for its other sections, not for another document's", async () => {
    // A document's sections are numbered sources of their own, at its address (a PDF's with #page=N).
    const section = (n: number, url: string, text: string): Passage => ({
      id: n - 1,
      n,
      url,
      title: 'Plans and limits',
      text,
      start: 0,
      end: text.length,
    });
    const question = 'How many monthly active users does Zentra Auth include for free?';
    const opening = 'Zentra Auth handles the sign-in of web and mobile apps with email links and social logins.';
    const figure = 'The free plan includes 50,000 monthly active users and unlimited social logins.';
    const oneDocument = [
      section(1, 'file:///docs/zentra.pdf#page=1', opening),
      section(2, 'file:///docs/zentra.pdf#page=4', figure),
    ];
    expect(await compose(question, oneDocument)).toMatch(/^The free plan includes 50,000 monthly active users.* \[2\]/);
    const twoDocuments = [
      section(1, 'file:///docs/zentra.pdf#page=1', opening),
      section(2, 'file:///docs/other-vendor.pdf#page=4', figure),
    ];
    expect((await compose(question, twoDocuments)).startsWith(NOT_IN_SOURCES)).toBe(true);
  });

  it('does not answer when the rarest terms of the question are missing, though common ones are there', async () => {
    const given = passages(
      [1, 'The New York Islanders beat the Pittsburgh Penguins 5-4 in overtime on Tuesday night.'],
      [2, 'Brock Nelson scored twice for the New York Islanders in the game against the Penguins.'],
      [3, 'The New York Islanders have won 14 of their last 15 games this season.'],
      // Other pages read: rarity is measured across ten passages or more.
      ...fillers.map((text): [number, string] => [4, text]),
    );
    expect((await compose('Who is the head coach of the New York Islanders?', given)).startsWith(NOT_IN_SOURCES)).toBe(
      true,
    );
  });

  it('over a handful of passages, weighs the terms nearly equally: one short page, a reworded question', async () => {
    const given = passages(
      [1, 'Green tea is made from the leaves of Camellia sinensis that are steamed soon after picking.'],
      [1, 'A cup of green tea usually contains between 20 and 45 mg of caffeine.'],
      [1, 'Brewing green tea at around 80 degrees Celsius keeps it from turning bitter.'],
    );
    // "temperature" is on no passage, "green" and "tea" on all three: by rarity alone, no answer.
    expect((await compose('At what temperature should green tea be brewed?', given)).split('\n')[0]).toBe(
      'Brewing green tea at around 80 degrees Celsius keeps it from turning bitter. [1]',
    );
  });

  it('counts the passage around a sentence: the subject in one sentence, the fact in the next', async () => {
    const given = passages(
      [
        1,
        'Wichita East swimmer Hugh McPherson had a strong state meet in the freestyle events this year. He won the 100 yard race in a record time of 45 seconds.',
      ],
      [2, 'Coffee was first roasted in Arabia and spread to Europe in the 17th century.'],
    );
    const answer = await compose('Who won the 100 yard freestyle at the state swim meet?', given);
    expect(answer.startsWith(NOT_IN_SOURCES)).toBe(false);
    expect(answer).toContain('Hugh McPherson');
  });

  it("reads a passage with its page's title: the headline names the event, the sentence holds the fact", async () => {
    const text = "Wichita East's Hugh McPherson won first place in the 100 yard freestyle.";
    const question = 'Who won the 100 yard freestyle at the 2018 Kansas boys state swim meet?';
    const other: [number, string] = [2, 'Coffee was first roasted in Arabia and spread to Europe in the 17th century.'];
    const headline = titled({ 1: '2018 Kansas boys state swim meet: results' }, [1, text], other);
    expect(await compose(question, headline)).toContain('Hugh McPherson');
    const untitled = titled({ 1: 'Sports roundup' }, [1, text], other);
    expect((await compose(question, untitled)).startsWith(NOT_IN_SOURCES)).toBe(true);
  });

  it('leads only with a whole sentence, not a heading or product name that happens to share the terms', async () => {
    const given = titled(
      { 1: 'Keychron K2 review' },
      [1, 'K2 Wireless Mechanical Keyboard (Version 2)'],
      [2, 'Coffee was first roasted in Arabia.'],
    );
    expect(
      (await compose('What is the battery capacity of the Keychron K2 version 2?', given)).startsWith(NOT_IN_SOURCES),
    ).toBe(true);
    const sentence = titled(
      { 1: 'Keychron K2 review' },
      [1, 'The K2 Wireless Mechanical Keyboard (Version 2) has a 4000 mAh battery.'],
      [2, 'Coffee was first roasted in Arabia.'],
    );
    expect(await compose('What is the battery capacity of the Keychron K2 version 2?', sentence)).toContain('4000 mAh');
  });

  it('does not answer a question for an age, a year or a share with a number of another kind', async () => {
    const given = passages([
      1,
      'President Gabriel Boric will be received at the air base at around 13:00 by the regional governor.',
    ]);
    expect((await compose('How old is President Gabriel Boric?', given)).startsWith(NOT_IN_SOURCES)).toBe(true);
    const aged = passages([
      1,
      'President Gabriel Boric, 36 years old, will be received at the air base by the regional governor.',
    ]);
    expect(await compose('How old is President Gabriel Boric?', aged)).toContain('36 years old');
  });

  it('answers who only with a sentence that names someone the question does not', async () => {
    const given = passages([
      1,
      'In the 19th century, roasting and grinding machines were invented and came into wide use.',
    ]);
    expect((await compose('Who invented the grinding machines?', given)).startsWith(NOT_IN_SOURCES)).toBe(true);
    const named = passages([
      1,
      'In the 19th century, Angelo Moriondo invented roasting and grinding machines in Turin.',
    ]);
    expect((await compose('Who invented the grinding machines?', named)).startsWith(NOT_IN_SOURCES)).toBe(false);
  });

  it('does not lead with a sentence that only repeats the question', async () => {
    const given = passages([1, 'Who invented the espresso machine?']);
    expect((await compose('Who invented the espresso machine?', given)).startsWith(NOT_IN_SOURCES)).toBe(true);
  });
});

describe('key points', () => {
  it('follow the lead in order of relevance: a point that shares words with the lead is not pushed down for it', async () => {
    const given = passages(
      [1, 'Espresso needs a fine grind, finer than table salt.'],
      [2, 'A fine espresso grind clogs a drip filter quickly.'],
      [3, 'Coarse grind suits a French press better than espresso does.'],
      [4, 'Baristas adjust the grind of each espresso blend every morning.'],
    );
    expect(await compose('What grind does espresso need?', given)).toBe(
      'Espresso needs a fine grind, finer than table salt. [1]\n\n' +
        '- A fine espresso grind clogs a drip filter quickly. [2]\n' +
        '- Coarse grind suits a French press better than espresso does. [3]\n' +
        '- Baristas adjust the grind of each espresso blend every morning. [4]',
    );
  });
});

describe('long sentences', () => {
  it('lets a long sentence that holds the answer lead (up to 600 characters), but never a longer run-on', async () => {
    const filler =
      'according to the annual report published by the ministry of transport in the spring, after a long consultation with regional operators, unions and the public';
    const long = `The new tunnel under the river, which took eleven years to build and cost far more than planned ${filler}, and after two delays caused by flooding of the works in the second winter and a strike of the tunnel crews in the fourth year, carries 42,000 vehicles a day.`;
    expect(long.length).toBeGreaterThan(400);
    expect(long.length).toBeLessThan(600);
    const answer = await compose(
      'How many vehicles a day does the new river tunnel carry?',
      passages([1, long], [2, 'Bread is baked from flour, water, salt and yeast in most bakeries of the town.']),
    );
    expect(answer).toBe(`${long} [1]`);
    const runOn = `${long.slice(0, -1)}, ${filler}, ${filler}, ${filler}.`;
    expect(runOn.length).toBeGreaterThan(600);
    expect(await compose('How many vehicles a day does the new river tunnel carry?', passages([1, runOn]))).toMatch(
      new RegExp(`^${NOT_IN_SOURCES.replace('.', '\\.')}`),
    );
  });
});
