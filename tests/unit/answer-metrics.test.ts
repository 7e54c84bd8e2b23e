import { describe, expect, it } from 'vitest';
import {
  answerContainsGold,
  answerFigures,
  citesGoldPage,
  followUpFigures,
  goldRateBy,
  normalizeText,
  percentile,
  quoteIsVerbatim,
  shuffled,
  warmTimings,
  type AnswerLike,
  type QuestionOutcome,
} from '../../bench/answer/metrics';

const GOLD_URL = 'http://127.0.0.1:9/q/gold.html';
const OTHER_URL = 'http://127.0.0.1:9/q/other.html';
const isGold = (url: string): boolean => url === GOLD_URL;

function answer(parts: Partial<AnswerLike> = {}): AnswerLike {
  return {
    answer: '',
    answered: true,
    sentences: [],
    sources: [
      { n: 1, url: GOLD_URL },
      { n: 2, url: OTHER_URL },
    ],
    ...parts,
  };
}

describe('normalizeText', () => {
  it('folds case, Unicode compatibility forms, typographic quotes and whitespace', () => {
    expect(normalizeText('  ＡＢＣ\u00A0Peychaud’s  “Bitters”\n\tand\u2013more ')).toBe(
      'abc peychaud\'s "bitters" and-more',
    );
  });
});

describe('answerContainsGold', () => {
  it('finds the gold whatever its case, spacing or Unicode form', () => {
    expect(answerContainsGold('The campaign cost roughly $449,000 [1].', '$449,000')).toBe(true);
    expect(answerContainsGold('Hugh\nMCPHERSON won the 100 yard freestyle [2].', 'Hugh McPherson')).toBe(true);
    expect(answerContainsGold('Wirkungsgrad von etwa 80\u00A0% [1].', '80 %')).toBe(true);
    expect(answerContainsGold('Es braucht zwingend Peychaud’s Bitters [1].', "Peychaud's")).toBe(true);
  });

  it('reads through emphasis and citation markers', () => {
    expect(answerContainsGold('El **Presidente Gabriel Boric** viaja [1].', 'Gabriel Boric')).toBe(true);
  });

  it('does not count the gold inside a longer number or word', () => {
    expect(answerContainsGold('It weighs 155 GSM [1].', '55')).toBe(false);
    expect(answerContainsGold('Back in 2055 [1].', '55')).toBe(false);
    expect(answerContainsGold('Pauline said so [1].', 'Paul')).toBe(false);
    expect(answerContainsGold('The 55-year-old hunter [1].', '55')).toBe(true);
  });

  it('is false when the answer lacks the gold', () => {
    expect(answerContainsGold('The sources do not say.', 'Kaldi')).toBe(false);
    expect(answerContainsGold('anything', '')).toBe(false);
  });
});

describe('quoteIsVerbatim', () => {
  const page =
    'Lyft gab am Montag auch seine ersten   Quartalszahlen\nseit dem Börsengang bekannt. Der Verlust erreichte 1,1 Milliarden Dollar.';

  it('accepts a quote that is a substring of the page after normalisation', () => {
    expect(quoteIsVerbatim('Der Verlust erreichte 1,1 Milliarden Dollar.', page)).toBe(true);
    expect(quoteIsVerbatim('seine ersten Quartalszahlen seit dem BÖRSENGANG', page)).toBe(true);
  });

  it('rejects a paraphrase, a changed figure and an empty quote', () => {
    expect(quoteIsVerbatim('Der Verlust betrug 1,1 Milliarden Dollar.', page)).toBe(false);
    expect(quoteIsVerbatim('Der Verlust erreichte 1,2 Milliarden Dollar.', page)).toBe(false);
    expect(quoteIsVerbatim('   ', page)).toBe(false);
  });
});

describe('citesGoldPage', () => {
  it('is true when a sentence holding the gold cites the gold page', () => {
    const a = answer({
      sentences: [
        {
          text: 'Disney+ costs $6.99 a month [2][1].',
          citations: [
            { n: 2, quote: 'x' },
            { n: 1, quote: 'y' },
          ],
        },
      ],
    });
    expect(citesGoldPage(a, '$6.99', isGold)).toBe(true);
  });

  it('is false when only another sentence cites the gold page', () => {
    const a = answer({
      sentences: [
        { text: 'Disney+ launched last week [1].', citations: [{ n: 1, quote: 'x' }] },
        { text: 'It costs $6.99 a month [2].', citations: [{ n: 2, quote: 'y' }] },
      ],
    });
    expect(citesGoldPage(a, '$6.99', isGold)).toBe(false);
  });

  it('falls back to any citation when the gold spans sentences', () => {
    const a = answer({
      sentences: [
        { text: 'Wines are still,', citations: [] },
        { text: 'fortified or sparkling [1].', citations: [{ n: 1, quote: 'x' }] },
      ],
    });
    expect(citesGoldPage(a, 'still, fortified or sparkling', isGold)).toBe(true);
  });

  it('ignores a citation number with no source', () => {
    const a = answer({ sentences: [{ text: 'It costs $6.99 [7].', citations: [{ n: 7, quote: 'x' }] }] });
    expect(citesGoldPage(a, '$6.99', isGold)).toBe(false);
  });
});

describe('answerFigures', () => {
  const outcomes: QuestionOutcome[] = [
    // answerable, gold found, cites the gold page, two citations of which one is verbatim
    {
      id: 'a',
      gold: 'Kaldi',
      answer: answer({ answer: 'A goatherd named Kaldi [1].' }),
      quoteChecks: [true, false],
      citesGoldPage: true,
    },
    // answerable, gold found, cites another page
    {
      id: 'b',
      gold: '1899',
      answer: answer({ answer: 'America, 1899 [2].' }),
      quoteChecks: [true],
      citesGoldPage: false,
    },
    // answerable, wrongly refused; its list of what the pages cover holds the gold, yet it is no answer
    {
      id: 'c',
      gold: 'go.mod',
      answer: answer({ answer: 'Not in the sources. What they cover:\n\n- The go.mod file', answered: false }),
      quoteChecks: [],
      citesGoldPage: false,
    },
    // answerable, the call failed
    { id: 'd', gold: '653 g', quoteChecks: [], citesGoldPage: false },
    // unanswerable, refused (right)
    { id: 'e', gold: null, answer: answer({ answered: false }), quoteChecks: [], citesGoldPage: false },
    // unanswerable, answered anyway
    { id: 'f', gold: null, answer: answer({ answer: 'Rob Pike [1].' }), quoteChecks: [true], citesGoldPage: false },
    // unanswerable, the call failed: not a "not in the sources" answer
    { id: 'g', gold: null, quoteChecks: [], citesGoldPage: false },
  ];

  it('computes each share over the right questions', () => {
    const figures = answerFigures(outcomes);
    expect(figures.containsGold).toEqual({ count: 2, of: 4, share: 0.5 });
    expect(figures.verbatimQuotes).toEqual({ count: 3, of: 4, share: 0.75 });
    expect(figures.goldPage).toEqual({ count: 1, of: 2, share: 0.5 });
    expect(figures.notInSources).toEqual({ count: 1, of: 3, share: 1 / 3 });
    expect(figures.falseRefusals).toEqual({ count: 1, of: 4, share: 0.25 });
    expect(figures.failures).toBe(2);
  });

  it('leaves a share empty when nothing was counted', () => {
    expect(answerFigures([]).verbatimQuotes).toEqual({ count: 0, of: 0, share: null });
  });

  it('counts as wrong an answerable question answered without the gold, not a refusal or a failed call', () => {
    const wrong: QuestionOutcome = {
      id: 'h',
      gold: 'Kaldi',
      answer: answer({ answer: 'A monk found coffee [1].' }),
      quoteChecks: [true],
      citesGoldPage: false,
    };
    // a, b hold the gold; c is refused; d failed; e, f, g are unanswerable (f answered: not a wrong *answerable*)
    expect(answerFigures(outcomes).wrongAnswers).toEqual({ count: 0, of: 4, share: 0 });
    expect(answerFigures([...outcomes, wrong]).wrongAnswers).toEqual({ count: 1, of: 5, share: 0.2 });
  });
});

describe('followUpFigures', () => {
  const followUp = (
    id: string,
    inThread: string,
    spelledOut: string | undefined,
    gold: string | null = 'Kaldi',
  ): QuestionOutcome => ({
    id,
    gold,
    answer: answer({ answer: inThread }),
    quoteChecks: [],
    citesGoldPage: false,
    followUp: spelledOut === undefined ? {} : { spelledOutAnswer: answer({ answer: spelledOut }) },
  });

  it('compares the gold rate in the thread with the rate of the same questions spelled out', () => {
    const figures = followUpFigures([
      followUp('a', 'Kaldi [1].', 'Kaldi [1].'),
      followUp('b', 'A monk [1].', 'Kaldi [1].'),
      followUp('c', 'A monk [1].', 'A monk [1].'),
      // the spelled-out call failed: a miss there
      followUp('d', 'Kaldi [1].', undefined),
      // not follow-ups, or not answerable: left out
      { id: 'e', gold: 'Kaldi', answer: answer({ answer: 'Kaldi [1].' }), quoteChecks: [], citesGoldPage: false },
      followUp('f', 'Kaldi [1].', 'A monk [1].', null),
    ]);
    expect(figures.inThread).toEqual({ count: 2, of: 4, share: 0.5 });
    expect(figures.spelledOut).toEqual({ count: 2, of: 4, share: 0.5 });
    expect(figures.ratio).toBe(1);
    const refusedInThread = followUp('g', 'Kaldi [1].', 'Kaldi [1].');
    refusedInThread.answer = answer({ answer: 'Not in the sources. Kaldi', answered: false });
    expect(followUpFigures([refusedInThread, followUp('h', 'A monk [1].', 'Kaldi [1].')])).toEqual({
      inThread: { count: 0, of: 2, share: 0 },
      spelledOut: { count: 2, of: 2, share: 1 },
      ratio: 0,
    });
  });

  it('has no ratio when the spelled-out questions never get the gold', () => {
    expect(followUpFigures([followUp('a', 'Kaldi [1].', 'A monk [1].')]).ratio).toBeNull();
    expect(followUpFigures([]).ratio).toBeNull();
  });
});

describe('goldRateBy', () => {
  it('gives the gold rate of the answerable questions of each group', () => {
    const outcome = (id: string, gold: string | null, text: string): QuestionOutcome => ({
      id,
      gold,
      answer: answer({ answer: text }),
      quoteChecks: [],
      citesGoldPage: false,
    });
    const rates = goldRateBy(
      [
        outcome('de-a', '57', 'Es waren 57 [1].'),
        outcome('de-b', '1959', 'Unbekannt [1].'),
        outcome('en-a', 'Kaldi', 'Kaldi [1].'),
        outcome('fr-a', null, 'Rien [1].'),
      ],
      (o) => o.id.split('-')[0] as string,
    );
    expect(rates).toEqual({ de: { count: 1, of: 2, share: 0.5 }, en: { count: 1, of: 1, share: 1 } });
  });
});

describe('timings', () => {
  it('takes nearest-rank percentiles', () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(values, 50)).toBe(5);
    expect(percentile(values, 95)).toBe(10);
    expect(percentile([], 50)).toBeNaN();
  });

  it('leaves the warm-up question out', () => {
    const outcome = (firstSourcesMs: number, doneMs: number): QuestionOutcome => ({
      id: 'x',
      gold: null,
      quoteChecks: [],
      citesGoldPage: false,
      firstSourcesMs,
      doneMs,
    });
    const t = warmTimings([outcome(5000, 9000), outcome(100, 300), outcome(200, 400), outcome(300, 500)]);
    expect(t.questions).toBe(3);
    expect(t.firstSourcesMedianMs).toBe(200);
    expect(t.firstSourcesP95Ms).toBe(300);
    expect(t.doneMedianMs).toBe(400);
    expect(t.doneP95Ms).toBe(500);
  });

  it('leaves out follow-ups (their pages were read by their first turn) and what the filter leaves out', () => {
    const outcome = (id: string, doneMs: number, followUp = false): QuestionOutcome => ({
      id,
      gold: null,
      quoteChecks: [],
      citesGoldPage: false,
      firstSourcesMs: 0,
      doneMs,
      ...(followUp ? { followUp: {} } : {}),
    });
    const rows = [
      outcome('warm', 9000),
      outcome('a', 100),
      outcome('f', 5, true),
      outcome('b', 300),
      outcome('c', 200),
    ];
    expect(warmTimings(rows)).toMatchObject({ questions: 3, doneMedianMs: 200 });
    // the warm-up question stays out even when the filter would keep it
    expect(warmTimings(rows, (o) => o.id !== 'b')).toMatchObject({ questions: 2, doneMedianMs: 100, doneP95Ms: 200 });
  });
});

describe('shuffled', () => {
  const pages = ['gold', 'd1', 'd2', 'd3', 'd4', 'd5'];

  it('is a permutation, the same for the same seed', () => {
    const once = shuffled(pages, 'seed:q1');
    expect([...once].sort()).toEqual([...pages].sort());
    expect(shuffled(pages, 'seed:q1')).toEqual(once);
    expect(pages).toEqual(['gold', 'd1', 'd2', 'd3', 'd4', 'd5']);
  });

  it('puts the gold page in different places across questions', () => {
    const positions = new Set(Array.from({ length: 30 }, (_, i) => shuffled(pages, `seed:q${i}`).indexOf('gold')));
    expect(positions.size).toBeGreaterThan(3);
  });
});
