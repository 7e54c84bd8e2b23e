import { describe, expect, it } from 'vitest';
import { checkCitations } from '../../src/main/answer/check-citations';
import { extractiveComposer, NOT_IN_SOURCES } from '../../src/main/answer/composer';
import { isFurniture, premiseOf, withoutLeadIn } from '../../src/main/answer/lead-shape';
import { pagePassages, type Passage } from '../../src/main/answer/passages';
import { withoutEscapes } from '../../src/shared/format/plain-text';
import { answerSpan, expectsName, expectsNumber, holdsNumberOfKind } from '../../src/main/answer/question-cues';
import { contentTerms } from '../../src/main/answer/terms';

/** One page per source, cut into passages as the pipeline cuts it. */
function pages(...markdowns: [n: number, markdown: string, title?: string][]): Passage[] {
  const out: Passage[] = [];
  for (const [n, markdown, title] of markdowns)
    out.push(
      ...pagePassages({ n, url: `https://example.com/${n}`, title: title ?? `Page ${n}`, markdown }, out.length),
    );
  return out;
}

const compose = (question: string, given: Passage[]): Promise<string> =>
  extractiveComposer({ question, passages: given, onText: () => {} });
const lead = async (question: string, given: Passage[]): Promise<string> =>
  (await compose(question, given)).split('\n')[0] as string;
const other: [number, string] = [
  9,
  'Sourdough bread needs a starter of flour and water fed over several days before baking.',
];

describe('plain text', () => {
  it('reads Markdown escapes as the characters they escape, and leaves other backslashes', () => {
    expect(withoutEscapes('PG\\&E said 1\\.5 million lost power\\! C:\\Users stays.')).toBe(
      'PG&E said 1.5 million lost power! C:\\Users stays.',
    );
  });

  it('answers and quotes in plain text, the quote still ranged over the Markdown', async () => {
    const markdown = 'PG\\&E shut off power to 1.5 million customers in California on Saturday\\! The utility said so.';
    const given = pages([1, markdown], other);
    const answer = await compose('How many customers did PG&E shut off power to?', given);
    expect(answer).toContain('PG&E shut off power to 1.5 million customers in California on Saturday! [1]');
    expect(answer).not.toContain('\\');
    const checked = checkCitations(answer, given, 9);
    const citation = checked.sentences[0]?.citations[0];
    expect(citation?.supported).toBe(true);
    expect(citation?.quote).toBe('PG&E shut off power to 1.5 million customers in California on Saturday!');
    expect(markdown.slice(...(citation?.range as [number, number]))).toBe(
      'PG\\&E shut off power to 1.5 million customers in California on Saturday\\!',
    );
  });

  it('lists what the sources cover without escapes', async () => {
    const answer = await compose(
      'Who founded the Vienna opera house?',
      pages([1, 'Rain is expected across the valleys this weekend.', 'PG&E begins new mass power shutoff']),
    );
    expect(answer.startsWith(NOT_IN_SOURCES)).toBe(true);
    expect(answer).toContain('- PG&E begins new mass power shutoff');
  });
  it('reads a name the page wrote with soft hyphens as the name, and answers with it whole', async () => {
    const markdown =
      'Seit 1927 gibt es eine Schutz\u00adgemein\u00adschaft der Win\u00adzer von St. Mag\u00adda\u00adle\u00adna am Hang.';
    const given = pages([1, markdown], other);
    const answer = await compose('Seit wann gibt es eine Schutzgemeinschaft der Winzer von St. Magdalena?', given);
    expect(answer).toContain('Seit 1927 gibt es eine Schutzgemeinschaft der Winzer von St. Magdalena am Hang. [1]');
    const citation = checkCitations(answer, given, 9).sentences.at(-1)?.citations[0];
    expect(citation?.supported).toBe(true);
    expect(markdown.slice(...(citation?.range as [number, number]))).toBe(markdown);
  });
});

describe('what never leads', () => {
  it('knows page furniture: the asker’s question, labels, citations, copyright, greetings', () => {
    for (const text of [
      'Question: I need some help with the installer for my laptop.',
      'How do I install the driver on Windows 10?',
      'Citation: Flint flake tool (2020), retrieved 20 January 2020 from the museum website.',
      'See the full list at https://example.com/list for details.',
      'Weitere Informationen unter https://example.de/info im Netz.',
      'Le détail est à https://example.fr/detail pour tous.',
      'More on this: www.example.com/more and the forum.',
      'https://example.com/a/very/long/path leads to the page.',
      '© 2021 Example Media, all rights reserved.',
      'Welcome to the course on statistics for beginners.',
      'Hallo zusammen, ich habe ein Problem mit dem Drucker.',
    ])
      expect(isFurniture(text), text).toBe(true);
    for (const text of [
      'The installer sets up the terminal for you.',
      'Version 3.1 was released in May.',
      'You may try https://github.com/mintty/wsltty as well.',
      'The official site of the festival is www.example.org these days.',
    ])
      expect(isFurniture(text), text).toBe(false);
  });

  it('takes a fact laid out for furniture only by its label or a question, not by a citation’s cues', () => {
    for (const text of [
      'ISBN: 978-0141439518',
      'Website: https://example.com/shop',
      'Reference: accessed 2024, doi: 10.1000/182',
    ])
      expect(isFurniture(text, true), text).toBe(false);
    for (const text of ['Source: Reuters, 2024', 'Photo: Jane Doe', 'Is it waterproof?'])
      expect(isFurniture(text, true), text).toBe(true);
  });

  it('answers from a table row that also holds a book number', async () => {
    const given = pages(
      [
        1,
        'A classic novel in a new edition with notes and an introduction.\n\n| Edition | Published | Reference |\n| --- | --- | --- |\n| Penguin Classics | 2003 | ISBN 978-0141439518 |',
        'Pride and Prejudice (Penguin Classics)',
      ],
      other,
    );
    expect(await lead('In which year was the Penguin Classics edition of Pride and Prejudice published?', given)).toBe(
      '**2003** [1]',
    );
  });

  it('does not answer with the forum asker’s question but with the reply', async () => {
    const given = pages(
      [
        1,
        'Question: I need some help with the version of Python that the course uses for its exercises.\n\nThe course uses Python 3.11 for all of its exercises.',
      ],
      other,
    );
    const answer = await compose('Which version of Python does the course use for its exercises?', given);
    expect(answer).toContain('The course uses Python 3.11 for all of its exercises. [1]');
    expect(answer).not.toContain('Question:');
  });

  it('does not lead with a bibliographic line that shares the terms', async () => {
    const given = pages(
      [
        1,
        'Citation: Flint flake tool from the Neolithic period, retrieved 20 January 2020 from the museum.\n\nThe flint flake tool was made about 5,000 years ago in the Neolithic period.',
      ],
      other,
    );
    expect(await lead('How old is the Neolithic flint flake tool?', given)).toBe('**5,000 years** [1]');
  });

  it('reads the premise a question states before it asks, and nothing else of a question', () => {
    expect(premiseOf('Since the resolver has been enabled since Rust 1.85.0, can we assume the change is safe?')).toBe(
      'Since the resolver has been enabled since Rust 1.85.0',
    );
    expect(premiseOf('Da der Tarif seit März 2024 gilt, muss ich jetzt mehr zahlen?')).toBe(
      'Da der Tarif seit März 2024 gilt',
    );
    expect(premiseOf('How do I install the driver on Windows 10, the old one?')).toBeUndefined();
    expect(premiseOf('Since 2020, how many?')).toBeUndefined();
    expect(premiseOf('Since 2019, the museum has opened on Sundays in summer.')).toBeUndefined();
  });

  it('answers with a fact a forum asker states as the premise of a question, not with the question', async () => {
    const given = pages(
      [
        1,
        'Since the MSRV aware resolver has been enabled since the 2024 edition stabilized in Rust 1.85.0, can we assume that the change is non-breaking?',
      ],
      other,
    );
    const answer = await compose('Which Rust release stabilized the 2024 edition?', given);
    expect(answer).toContain(
      'Since the MSRV aware resolver has been enabled since the 2024 edition stabilized in Rust 1.85.0 [1]',
    );
    expect(answer).not.toContain('can we assume');
  });

  it('leaves out a dateline and a connective before the sentence’s own words', () => {
    expect(withoutLeadIn('LOS ANGELES (Reuters) - The studio said the film earned $40 million.')).toBe(
      'The studio said the film earned $40 million.',
    );
    expect(withoutLeadIn('BERLIN, Germany (AP) — The minister resigned on Friday.')).toBe(
      'The minister resigned on Friday.',
    );
    expect(withoutLeadIn('But on Monday, 32-year-old Gustav had a tattoo made.')).toBe(
      'On Monday, 32-year-old Gustav had a tattoo made.',
    );
    expect(withoutLeadIn('And so if you restart it, the error goes away.')).toBe(
      'If you restart it, the error goes away.',
    );
    expect(withoutLeadIn('Aber der Preis liegt bei 20 Euro.')).toBe('Der Preis liegt bei 20 Euro.');
    expect(withoutLeadIn('So far the test has passed.')).toBe('So far the test has passed.');
    expect(withoutLeadIn('US officials said so.')).toBe('US officials said so.');
  });

  it('answers with the sentence from where its thought starts', async () => {
    const given = pages(
      [1, 'But on Monday, 32-year-old admirer Gustav Agerblad from Stockholm had the portrait tattooed on his arm.'],
      other,
    );
    expect(await compose('How old is the Stockholm admirer who had the portrait tattooed?', given)).toContain(
      '\n\nOn Monday, 32-year-old admirer',
    );
  });
});

describe('what is, before what is not', () => {
  it('leads with the sentence that says who is, not who is not', async () => {
    const given = pages(
      [
        1,
        'Mayor Jake Spano of Greenfield did not seek reelection in November after two terms.\n\nThe new mayor of Greenfield is Anna Reyes, who took office in January after the election.',
      ],
      other,
    );
    expect(await lead('Who is the mayor of Greenfield?', given)).toBe('**Anna Reyes** [1]');
  });

  it('still answers with a negation when nothing else answers', async () => {
    const given = pages(
      [1, 'Mayor Jake Spano of Greenfield did not seek reelection in November after two terms.'],
      other,
    );
    expect(await compose('Who is the mayor of Greenfield?', given)).toContain('Jake Spano');
  });
});

describe('answers of the kind asked', () => {
  it('does not take "free" inside a compound for a price', () => {
    const q = 'What does it cost to rent a treadmill for a week?';
    expect(holdsNumberOfKind('We make equipment rental easy and hassle-free.', q)).toBe(false);
    expect(holdsNumberOfKind('Delivery is free-to-order for members.', q)).toBe(false);
    expect(holdsNumberOfKind('Renting a treadmill for a week is free for members.', q)).toBe(true);
  });

  it('asks for a price, and is answered only by a sum in a currency', () => {
    expect(holdsNumberOfKind('The base model sells for $1,299 in the US.', 'How much does the laptop cost?')).toBe(
      true,
    );
    expect(holdsNumberOfKind('Der Akku kostet 49 Euro.', 'Wie viel kostet der Akku?')).toBe(true);
    expect(
      holdsNumberOfKind('The laptop has 16 GB of memory and weighs 1.4 kg.', 'How much does the laptop cost?'),
    ).toBe(false);
    expect(holdsNumberOfKind('The laptop has 16 GB of memory.', 'How much memory does the laptop have?')).toBe(true);
  });

  it('asks for a sum of money in many words, not for whom one paid', () => {
    for (const q of [
      'What does the sofa cost?',
      'How much is the project mat?',
      'What is the income limit for a household of four?',
      'Wie viel Wohngeld hatte er beantragt?',
      'Quel est le tarif du billet ?',
    ])
      expect(holdsNumberOfKind('It is 120 pages long.', q), q).toBe(false);
    expect(
      holdsNumberOfKind('The limit is $104,200 a year.', 'What is the income limit for a household of four?'),
    ).toBe(true);
    expect(holdsNumberOfKind('They hired 3 agencies.', 'Which agency did the state pay?')).toBe(true);
  });

  it('asks for a weight, and is answered only by one', () => {
    expect(holdsNumberOfKind('The mic has a 1" capsule and 2 outputs.', 'How heavy is the mic?')).toBe(false);
    expect(holdsNumberOfKind('The mic weighs 311 g without its clip.', 'How heavy is the mic?')).toBe(true);
  });

  it('asks how long, and is answered only by a duration or a length', () => {
    expect(
      holdsNumberOfKind('Le barbecue 1600 a une cuve amovible.', 'Quelle est la durée de garantie du barbecue ?'),
    ).toBe(false);
    expect(holdsNumberOfKind('Le barbecue est garanti 2 ans.', 'Quelle est la durée de garantie du barbecue ?')).toBe(
      true,
    );
    expect(holdsNumberOfKind('The battery lasts 10 hours.', 'How long does the battery last?')).toBe(true);
    expect(holdsNumberOfKind('The cable is 1.8 m long.', 'How long is the cable?')).toBe(true);
  });

  it('asks for a version, and is answered only by a version number', () => {
    expect(
      holdsNumberOfKind('Edition 2024 came with many changes.', 'Which Rust release stabilised the 2024 edition?'),
    ).toBe(false);
    expect(
      holdsNumberOfKind(
        'It was stabilised in Rust 1.85.0 in February.',
        'Which Rust release stabilised the 2024 edition?',
      ),
    ).toBe(true);
    expect(
      holdsNumberOfKind('The course uses Python 3.11 throughout.', 'Which version of Python does the course use?'),
    ).toBe(true);
    expect(
      holdsNumberOfKind('The course has 12 lessons on Python.', 'Which version of Python does the course use?'),
    ).toBe(false);
    // A few words between the question word and "version"; a version the question names itself is no version asked for.
    expect(
      holdsNumberOfKind(
        'Get started with one of the commands below.',
        'What is the minimum Rust version needed to build a Tauri 2 app?',
      ),
    ).toBe(false);
    expect(
      holdsNumberOfKind(
        'Tauri 2 needs Rust 1.77.2 or later.',
        'What is the minimum Rust version needed to build a Tauri 2 app?',
      ),
    ).toBe(true);
    expect(holdsNumberOfKind('It added a dark mode and faster sync.', 'What changed in version 2?')).toBe(true);
  });

  it('asks for a year with any preposition before it, and is answered only by a year', () => {
    for (const q of [
      'Depuis quelle année Monsanto vend-il le Roundup ?',
      'Seit welchem Jahr gibt es den Markt?',
      '¿Desde qué año existe el mercado?',
    ]) {
      expect(holdsNumberOfKind('Le marché existe depuis 1974.', q), q).toBe(true);
      expect(holdsNumberOfKind('Le marché a 12 stands et 3 entrées.', q), q).toBe(false);
    }
  });

  it('asks for a time of day, and is answered only by one', () => {
    const q = 'Zu welchen Uhrzeiten ist das Reparaturcafé am 31. Januar geöffnet?';
    expect(holdsNumberOfKind('Das Projekt ist eine Kooperation von 3 Vereinen.', q)).toBe(false);
    expect(holdsNumberOfKind('Am Freitag, 31. Januar, von 15.00 bis 18.00 Uhr.', q)).toBe(true);
    expect(holdsNumberOfKind('Doors open at 7pm on Friday.', 'At what time do the doors open?')).toBe(true);
    expect(holdsNumberOfKind('The hall holds 300 people.', 'At what time do the doors open?')).toBe(false);
  });

  it('asks for a resolution, and is answered only by megapixels, a K or p figure, or width by height', () => {
    const q = 'What photo resolution does the feeder camera take?';
    expect(holdsNumberOfKind('The feeder holds 1.5 kg of seed and has 2 perches.', q)).toBe(false);
    expect(holdsNumberOfKind('It captures 2K videos and 5MP photos.', q)).toBe(true);
    const karte = 'Wie fein ist die neue Karte aufgelöst?';
    expect(holdsNumberOfKind('Die neue Karte wurde 2025 veröffentlicht.', karte)).toBe(false);
    expect(
      answerSpan('Die Karte zeigt die Werte in einer Auflösung von 1x1 Kilometer.', karte, contentTerms(karte)),
    ).toBe('1x1 Kilometer');
  });

  it('does not answer a price question from a page that has numbers but no price', async () => {
    const given = pages(
      [1, 'The Keychron keyboard weighs 1,130 grams and has 84 keys with hot-swappable switches.'],
      other,
    );
    expect((await compose('How much does the Keychron keyboard cost?', given)).startsWith(NOT_IN_SOURCES)).toBe(true);
  });

  it('asks where, and is answered only by a sentence naming a place the question does not', async () => {
    expect(expectsName('Where did the two professors teach?')).toBe(true);
    expect(expectsName('Wo wurde der Film gedreht?')).toBe(true);
    const unnamed = pages(
      [1, 'The two professors taught there for several years before they were taken hostage.'],
      other,
    );
    expect(
      (await compose('Where did the two professors teach before they were taken hostage?', unnamed)).startsWith(
        NOT_IN_SOURCES,
      ),
    ).toBe(true);
    const named = pages(
      [1, 'The two professors taught at the American University of Kabul before they were taken hostage.'],
      other,
    );
    expect(await compose('Where did the two professors teach before they were taken hostage?', named)).toContain(
      'American University of Kabul',
    );
  });
});

describe('questions for a name', () => {
  it('knows "which player", "what company" and their kin ask for a name, and "which type" does not', () => {
    for (const q of [
      'Which player scored both goals?',
      'What company makes the chip?',
      'Welcher Spieler traf zweimal?',
      'Quel joueur a marqué ?',
      '¿Qué funcionaria lo explicó?',
      'Quale azienda produce il chip?',
    ])
      expect(expectsName(q), q).toBe(true);
    for (const q of ['Which type of wine is sweet?', 'What colour is the logo?']) expect(expectsName(q), q).toBe(false);
  });

  it('does not take a day or a month for a name', async () => {
    const given = pages(
      [1, 'The home side beat the visitors 2-0 on Tuesday to qualify for the tournament in June.'],
      other,
    );
    expect(
      (
        await compose('Which player scored both goals when the home side beat the visitors to qualify?', given)
      ).startsWith(NOT_IN_SOURCES),
    ).toBe(true);
    const named = pages(
      [1, 'Aaron Ramsey scored both goals on Tuesday as the home side beat the visitors 2-0 to qualify.'],
      other,
    );
    expect(await lead('Which player scored both goals when the home side beat the visitors to qualify?', named)).toBe(
      '**Aaron Ramsey** [1]',
    );
  });
});

describe('the short answer first', () => {
  const terms = (q: string): string[] => contentTerms(q);

  it('finds the one number of the kind asked, or the one new name for who', () => {
    const q1 = 'How old is the admirer?';
    expect(answerSpan('The 32-year-old admirer had it inked on Monday.', q1, terms(q1))).toBe('32-year-old');
    expect(holdsNumberOfKind('Zgłosił się do szpitala 27-letniego mężczyzny.', 'Ile lat miał mężczyzna?')).toBe(true);
    expect(
      answerSpan('The tool was made 5,000 years ago.', 'How old is the tool?', terms('How old is the tool?')),
    ).toBe('5,000 years');
    const q2 = 'Who directed Parasite?';
    expect(answerSpan('Parasite was directed by Bong Joon-ho and won in Cannes.', q2, terms(q2))).toBe('Bong Joon-ho');
    expect(
      answerSpan(
        'The explanation came from Silvina del Pópolo at the ministry.',
        'Who explained it?',
        terms('Who explained it?'),
      ),
    ).toBe('Silvina del Pópolo');
  });

  it('gives a range whole: its last figure alone is not what the page says', () => {
    const q = 'How long does a heat pump last?';
    expect(answerSpan('A heat pump lasts 15 to 20 years with yearly servicing.', q, terms(q))).toBe('15 to 20 years');
    expect(answerSpan('Most last 15–20 years.', q, terms(q))).toBe('15–20 years');
    expect(answerSpan('It lasts between 15 and 20 years.', q, terms(q))).toBe('between 15 and 20 years');
    const de = 'Wie lange hält eine Wärmepumpe?';
    expect(answerSpan('Sie hält zwischen 15 und 20 Jahre.', de, terms(de))).toBe('zwischen 15 und 20 Jahre');
    // Two figures that are no range stay two candidates.
    expect(answerSpan('It lasts 15 years, or 20 years with servicing.', q, terms(q))).toBeUndefined();
  });

  it('gives none when the sentence holds two candidates or none', () => {
    const q = 'Who scored for the Islanders?';
    expect(answerSpan('Josh Bailey and Ryan Pulock scored late for the Islanders.', q, terms(q))).toBeUndefined();
    expect(answerSpan('The Islanders scored twice late.', q, terms(q))).toBeUndefined();
    expect(
      answerSpan('It sold 3 million copies.', 'How many copies did it sell?', terms('How many copies did it sell?')),
    ).toBeUndefined();
  });

  it('leads with the span in bold, cited, then the sentence; the check supports both', async () => {
    const given = pages(
      [1, 'The festival jury gave the top prize to Parasite, directed by Bong Joon-ho, on Saturday night.'],
      other,
    );
    const answer = await compose('Who directed Parasite, the film that won the top prize?', given);
    expect(answer.split('\n\n').slice(0, 2)).toEqual([
      '**Bong Joon-ho** [1]',
      'The festival jury gave the top prize to Parasite, directed by Bong Joon-ho, on Saturday night. [1]',
    ]);
    const checked = checkCitations(answer, given, 9);
    expect(checked.supportedShare).toBe(1);
    expect(checked.sentences[0]?.citations[0]?.quote).toContain('Bong Joon-ho');
  });
});

describe('a sentence read with the passage before it', () => {
  it('answers with a sentence that leaves its subject to the paragraph before', async () => {
    const forecast = [
      'The weather service issued its forecast for the Apennine mountains on Wednesday, 19 February, when a cold front crosses central Italy.',
      'Snow will fall above 1400 metres.',
    ].join('\n\n');
    const q = 'Above what altitude will snow fall in the Apennine mountains on Wednesday?';
    expect(await compose(q, pages([1, forecast], other))).toContain('Snow will fall above 1400 metres. [1]');
    // Alone, without the paragraph that names the mountains and the day, it answers nothing.
    const alone = pages([1, forecast]).slice(1);
    expect((await compose(q, [...alone, ...pages(other)])).startsWith(NOT_IN_SOURCES)).toBe(true);
  });
});

describe('list items', () => {
  const specs = (item: string): string =>
    [
      'The Strix card is built for quiet gaming at high resolutions. Its cooler is new.',
      '',
      '- Three fans with a new hub design',
      `- ${item}`,
      '- Dual BIOS switch',
    ].join('\n');

  it('answers with a list item that ends without a full stop, as a whole statement', async () => {
    const given = pages([1, specs('Axial-tech fans scaled up for 23% more airflow')], other);
    const answer = await compose('How much more airflow do the bigger Strix fans give?', given);
    expect(answer.split('\n')[0]).toBe('Axial-tech fans scaled up for 23% more airflow [1]');
    expect(checkCitations(answer, given, 9).supportedShare).toBe(1);
  });

  it('still does not lead with a paragraph line that ends without a full stop', async () => {
    const given = pages(
      [1, specs('Dual BIOS').replace('- Axial', 'Axial')],
      [2, 'Axial-tech fans of the Strix card scaled up for 23% more airflow'],
      other,
    );
    expect(
      (await compose('How much more airflow do the bigger Strix fans give?', given)).startsWith(NOT_IN_SOURCES),
    ).toBe(true);
  });
});

describe('facts laid out rather than written', () => {
  const product = (n: number, title: string, ...lines: string[]): [number, string, string] => [
    n,
    lines.join('\n\n'),
    title,
  ];
  const nt1 = product(
    1,
    'Rode NT1 5th Generation Black',
    'The NT1 is a large-diaphragm condenser microphone for studio vocals.',
    '- Polar pattern: cardioid\n- Weight: 311 g\n- Dimensions (H x D): 190 x 50 mm',
  );

  it('answers a question for a kind of number with a label line of that kind, read with its page title', async () => {
    const given = pages(nt1, other);
    const answer = await compose('How heavy is the Rode NT1 5th generation mic?', given);
    expect(answer.split('\n\n').slice(0, 2)).toEqual(['**311 g** [1]', 'Weight: 311 g [1]']);
    expect(checkCitations(answer, given, 9).supportedShare).toBe(1);
  });

  it('answers a price with the figure standing under the product’s heading, quoted from the page', async () => {
    const given = pages(
      product(1, 'Project mats', '# Magnetic Project Mat', '$19.95', 'Keeps screws in place while you repair.'),
      other,
    );
    const answer = await compose('How much is the Magnetic Project Mat?', given);
    expect(answer.split('\n\n').slice(0, 2)).toEqual(['**$19.95** [1]', 'Magnetic Project Mat: $19.95 [1]']);
    const checked = checkCitations(answer, given, 9);
    expect(checked.supportedShare).toBe(1);
    expect(checked.sentences[1]?.citations[0]?.quote).toBe('Magnetic Project Mat\n\n$19.95');
  });

  it('does not say a label twice when the line under it repeats it', async () => {
    const given = pages(product(1, 'Sofas', 'Atelier Sofa', 'Atelier Sofa$4,345.00', 'Coco Republic'), other);
    expect((await compose('What does the Atelier sofa cost?', given)).split('\n\n').slice(0, 2)).toEqual([
      '**$4,345.00** [1]',
      'Atelier Sofa$4,345.00 [1]',
    ]);
  });

  it('answers from a table row that gives one value of the kind asked, not from a row of several', async () => {
    const one = pages(
      product(1, 'Standing desks', '| Desk | Price |\n| --- | --- |\n| UPLIFT V3 Standing Desk | $599 |'),
      other,
    );
    expect(await lead('What is the price of the UPLIFT V3 standing desk?', one)).toBe('**$599** [1]');
    const several = pages(
      product(
        1,
        'Standing desks',
        '| Desk | Price |\n| --- | --- |\n| UPLIFT V3 Standing Desk | $599 | $979 | $1149 |',
      ),
      other,
    );
    expect(
      (await compose('What is the price of the UPLIFT V3 standing desk?', several)).startsWith(NOT_IN_SOURCES),
    ).toBe(true);
  });

  it('answers only a question for a kind of number from a fact laid out, not one for a name', async () => {
    const given = pages(
      product(
        1,
        'Qualità Oro coffee',
        'Coffee producer',
        'Luigi Lavazza S.p.A., Torino 10152',
        'Ground coffee for the moka pot.',
      ),
      other,
    );
    expect((await compose('Which company produces the Qualità Oro coffee?', given)).startsWith(NOT_IN_SOURCES)).toBe(
      true,
    );
  });
});

describe('numbers written as words', () => {
  it('reads a duration, a weight or an age written in words, with its unit written out', () => {
    const q = 'Wie lange braucht die Jacke, bis sie warm ist?';
    expect(
      answerSpan('Mit der neuen Jacke sind Profis binnen drei Minuten auf Betriebstemperatur.', q, contentTerms(q)),
    ).toBe('drei Minuten');
    expect(
      holdsNumberOfKind(
        'In fewer than three hours of learning you can complete a course.',
        'How long does a course take?',
      ),
    ).toBe(true);
    expect(holdsNumberOfKind('The parcel weighs two pounds.', 'How heavy is the parcel?')).toBe(true);
    expect(holdsNumberOfKind('The boy, now five years old, was found.', 'How old is the boy?')).toBe(true);
  });

  it('does not take a duration for an age, nor a number word before an abbreviation for a unit', () => {
    expect(holdsNumberOfKind('A cat missing for five years has been found.', 'How old is the cat?')).toBe(false);
    expect(holdsNumberOfKind('Doors open at two in the afternoon.', 'How long is the cable?')).toBe(false);
  });

  it('answers a duration question from a sentence that writes the number as a word', async () => {
    const given = pages(
      [
        1,
        'Mit der neuen beheizbaren Jacke von Bosch sind Profis binnen drei Minuten auf Betriebstemperatur.',
        'Heizjacken von Bosch',
      ],
      other,
    );
    expect(await lead('Wie lange braucht die beheizbare Bosch-Jacke, bis sie warm ist?', given)).toBe(
      '**drei Minuten** [1]',
    );
  });
});

describe('questions for a date', () => {
  it('asks "on what date" or "an welchem Datum" for a number, answered by a day with its month', () => {
    const q = 'An welchem Datum schliesst der Kanton die zusätzlichen Impforte?';
    expect(expectsNumber(q)).toBe(true);
    expect(
      answerSpan('Die GSI wird die zusätzlichen Impforte am 28. Februar 2022 schliessen.', q, contentTerms(q)),
    ).toBe('28. Februar 2022');
    const e = 'On what date did the code take effect?';
    expect(answerSpan('The code took effect on January 3rd, 2020 statewide.', e, contentTerms(e))).toBe(
      'January 3rd, 2020',
    );
    expect(holdsNumberOfKind('The code took effect in 2020 after 14 hearings.', e)).toBe(false);
    expect(holdsNumberOfKind('Die Frist endet am 1.3.2022.', q)).toBe(true);
  });

  it('does not take the word for date for a name the pages must write', async () => {
    const given = pages(
      [
        1,
        'Die GSI wird daher die zusätzlich aufgebauten Impforte am 28. Februar 2022 schliessen. Das gilt im ganzen Kanton Bern.',
      ],
      other,
    );
    expect(await lead('An welchem Datum schliesst der Kanton Bern die zusätzlichen Impforte?', given)).toBe(
      '**28. Februar 2022** [1]',
    );
  });
});
