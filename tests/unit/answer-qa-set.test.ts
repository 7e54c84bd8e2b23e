import { describe, expect, it } from 'vitest';
import { checkQaSet, copiedRun, loadQaSet, MIN_DISTRACTORS, type QaItem } from '../../bench/answer/qa-set';
import { sharedDataAvailable } from '../support/shared-data';

describe.skipIf(!sharedDataAvailable())('the QA set on ../shared/data', () => {
  it('passes its check and has the questions the issue asks for', () => {
    const items = loadQaSet();
    const report = checkQaSet(items);
    expect(report.problems).toEqual([]);
    expect(report.answerable).toBeGreaterThanOrEqual(40);
    expect(report.unanswerable).toBeGreaterThanOrEqual(10);
    for (const item of items) expect(item.distractors.length).toBeGreaterThanOrEqual(MIN_DISTRACTORS);
  });
});

describe('checkQaSet on planted faults', () => {
  // Pages as Markdown, so the check runs without the data set.
  const pages: Record<string, string> = {
    'wcxb-dev/html/0001.html.gz': 'One legend has it that Kaldi, a goatherd, found coffee about 850 ce.',
    'wcxb-dev/html/0002.html.gz': 'Almost all wines are still, fortified or sparkling.',
    'wcxb-dev/html/0003.html.gz': 'Yosemite Falls has a total height of 2,425 feet.',
    'wcxb-dev/html/0004.html.gz': 'America, 1899. Arthur Morgan and the gang are on the run.',
    'wcxb-dev/html/0005.html.gz': 'A go.mod file tracks your module dependencies.',
    'wcxb-dev/html/0006.html.gz': 'The Nissan Leaf starts at $31,495; its key fob runs on a 40mAh cell.',
    'wcxb-dev/html/0007.html.gz': "Kaldi's is a chain of coffee shops.",
  };
  const markdownOf = (page: string): string => {
    const markdown = pages[page];
    if (markdown === undefined) throw new Error(`no page ${page}`);
    return markdown;
  };
  const noTruth = (): undefined => undefined;
  const distractors = ['0002', '0003', '0004', '0005'].map((n) => `wcxb-dev/html/${n}.html.gz`);
  const good: QaItem = {
    id: 'en-coffee',
    question: 'Who is said to have discovered coffee?',
    gold: 'Kaldi',
    goldPage: 'wcxb-dev/html/0001.html.gz',
    distractors,
  };
  const unanswerable: QaItem = {
    id: 'en-unanswerable-espresso',
    question: 'Who invented the espresso machine?',
    gold: null,
    absentFact: ['Moriondo'],
    goldPage: 'wcxb-dev/html/0001.html.gz',
    distractors,
  };

  it('accepts a sound answerable and unanswerable question', () => {
    expect(checkQaSet([good, unanswerable], markdownOf, noTruth).problems).toEqual([]);
  });

  it('reports a gold missing from its gold page', () => {
    const problems = checkQaSet([{ ...good, gold: 'Kalid' }], markdownOf, noTruth).problems;
    expect(problems).toEqual([expect.stringContaining('gold "Kalid" not found')]);
  });

  it('reports a gold that a distractor also holds', () => {
    const problems = checkQaSet(
      [{ ...good, distractors: [...distractors, 'wcxb-dev/html/0007.html.gz'] }],
      markdownOf,
      noTruth,
    ).problems;
    expect(problems).toEqual([
      expect.stringContaining('gold "Kaldi" also found in distractor wcxb-dev/html/0007.html.gz'),
    ]);
  });

  it('reports an absent fact that one of the pages holds', () => {
    const problems = checkQaSet(
      [
        {
          ...unanswerable,
          absentFact: ['Moriondo', 'goatherd', 'mAh'],
          distractors: [...distractors, 'wcxb-dev/html/0006.html.gz'],
        },
      ],
      markdownOf,
      noTruth,
    ).problems;
    expect(problems).toEqual([
      expect.stringContaining('absent fact "goatherd" found in wcxb-dev/html/0001.html.gz'),
      // a substring, even glued to a number
      expect.stringContaining('absent fact "mAh" found in wcxb-dev/html/0006.html.gz'),
    ]);
  });

  it('reports too few distractors, a duplicate id and a page that is not there', () => {
    const problems = checkQaSet(
      [
        good,
        { ...good, distractors: distractors.slice(0, 3) },
        { ...good, id: 'en-x', distractors: [...distractors.slice(0, 3), 'wcxb-dev/html/9999.html.gz'] },
      ],
      markdownOf,
      noTruth,
    ).problems;
    expect(problems).toEqual([
      'en-coffee: duplicate id',
      `en-coffee: 3 distractors, at least ${MIN_DISTRACTORS} needed`,
      'en-x: no page wcxb-dev/html/9999.html.gz',
    ]);
  });

  it("reports a gold that the data set's main content lacks", () => {
    const truth = (page: string): string | undefined =>
      page.endsWith('0001.html.gz') ? 'Coffee came from Ethiopia.' : undefined;
    expect(checkQaSet([good], markdownOf, truth).problems).toEqual([
      expect.stringContaining(`gold "Kaldi" not in the data set's main content of wcxb-dev/html/0001.html.gz`),
    ]);
  });

  it('reports a question copied from its page', () => {
    const problems = checkQaSet(
      [{ ...good, question: 'Did one legend has it that Kaldi, a goatherd, find coffee?' }],
      markdownOf,
      noTruth,
    ).problems;
    expect(problems).toEqual([expect.stringContaining('question copies "one legend has it that kaldi"')]);
    expect(
      copiedRun('Who found coffee, according to legend?', pages['wcxb-dev/html/0001.html.gz'] as string),
    ).toBeUndefined();
  });
});
