import { describe, expect, it } from 'vitest';
import { checkQaSet, copiedRun, formatCheckReport, MIN_DISTRACTORS, type QaItem } from '../../bench/answer/qa-set';

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
  const typeOf = (page: string): string | undefined => (page.startsWith('wcxb-dev/') ? 'article' : undefined);
  const check = (items: QaItem[], truthOf: (page: string) => string | undefined = noTruth): string[] =>
    checkQaSet(items, markdownOf, truthOf, typeOf).problems;
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
    expect(check([good, unanswerable])).toEqual([]);
  });

  it('reports a gold missing from its gold page', () => {
    const problems = check([{ ...good, gold: 'Kalid' }]);
    expect(problems).toEqual([expect.stringContaining('gold "Kalid" not found')]);
  });

  it('reports a gold that a distractor also holds', () => {
    const problems = check([{ ...good, distractors: [...distractors, 'wcxb-dev/html/0007.html.gz'] }]);
    expect(problems).toEqual([
      expect.stringContaining('gold "Kaldi" also found in distractor wcxb-dev/html/0007.html.gz'),
    ]);
  });

  it('reports an absent fact that one of the pages holds', () => {
    const problems = check([
      {
        ...unanswerable,
        absentFact: ['Moriondo', 'goatherd', 'mAh'],
        distractors: [...distractors, 'wcxb-dev/html/0006.html.gz'],
      },
    ]);
    expect(problems).toEqual([
      expect.stringContaining('absent fact "goatherd" found in wcxb-dev/html/0001.html.gz'),
      // a substring, even glued to a number
      expect.stringContaining('absent fact "mAh" found in wcxb-dev/html/0006.html.gz'),
    ]);
  });

  it('reports too few distractors, a duplicate id and a page that is not there', () => {
    const problems = check([
      good,
      { ...good, distractors: distractors.slice(0, 3) },
      { ...good, id: 'en-x', distractors: [...distractors.slice(0, 3), 'wcxb-dev/html/9999.html.gz'] },
    ]);
    expect(problems).toEqual([
      'en-coffee: duplicate id',
      `en-coffee: 3 distractors, at least ${MIN_DISTRACTORS} needed`,
      'en-x: no page wcxb-dev/html/9999.html.gz',
    ]);
  });

  it("reports a gold that the data set's main content lacks", () => {
    const truth = (page: string): string | undefined =>
      page.endsWith('0001.html.gz') ? 'Coffee came from Ethiopia.' : undefined;
    expect(check([good], truth)).toEqual([
      expect.stringContaining(`gold "Kaldi" not in the data set's main content of wcxb-dev/html/0001.html.gz`),
    ]);
  });

  it('reports a question copied from its page', () => {
    const problems = check([{ ...good, question: 'Did one legend has it that Kaldi, a goatherd, find coffee?' }]);
    expect(problems).toEqual([expect.stringContaining('question copies "one legend has it that kaldi"')]);
    expect(
      copiedRun('Who found coffee, according to legend?', pages['wcxb-dev/html/0001.html.gz'] as string),
    ).toBeUndefined();
  });

  const followUp: QaItem = {
    ...good,
    id: 'en-coffee-follow-up',
    context: 'Where does coffee come from?',
    question: 'Who found it?',
    spelledOut: 'Who found coffee?',
  };

  it('accepts a sound follow-up and counts the set', () => {
    const report = checkQaSet([good, unanswerable, followUp], markdownOf, noTruth, typeOf);
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({
      questions: 3,
      answerable: 2,
      unanswerable: 1,
      followUps: 1,
      languages: { en: 3 },
      pageTypes: { article: 3 },
      sources: { 'wcxb-dev': 3 },
    });
    expect(formatCheckReport(report)).toContain(
      'questions 3 < 200; unanswerable 1 < 40; followUps 1 < 30; pageTypes 1 < 5; languages 1 < 3',
    );
  });

  it('reports a follow-up without its spelled-out question, and a spelled-out question without a context', () => {
    const { spelledOut: _spelledOut, ...withoutSpelledOut } = followUp;
    const { context: _context, ...withoutContext } = followUp;
    expect(check([withoutSpelledOut, { ...withoutContext, id: 'en-y' }])).toEqual([
      'en-coffee-follow-up: a follow-up (context) without its spelledOut question',
      'en-y: spelledOut without the context it follows',
    ]);
  });

  it("reports a follow-up's context or spelled-out question copied from its page", () => {
    expect(
      check([
        {
          ...followUp,
          context: 'Is it true that one legend has it that Kaldi found it?',
          spelledOut: 'Who, a goatherd, found coffee about 850 ce?',
        },
      ]),
    ).toEqual([
      expect.stringContaining('context copies "one legend has it that kaldi"'),
      expect.stringContaining('spelledOut copies "a goatherd found coffee about 850"'),
    ]);
  });

  it('checks a follow-up gold as any other', () => {
    expect(check([{ ...followUp, gold: 'a monk' }])).toEqual([expect.stringContaining('gold "a monk" not found')]);
  });

  it('needs a page type where the data set gives none, and one of the known types', () => {
    const traf = (n: string): string => `trafilatura-eval-dev/html/${n}.html.gz`;
    const pagesFrom = (page: string): string =>
      markdownOf(page.replace(/^trafilatura-eval-dev\/html\/(\d+)/, 'wcxb-dev/html/$1'));
    const items: QaItem[] = [
      { ...good, id: 'en-untyped', goldPage: traf('0001') },
      { ...good, id: 'en-typed', goldPage: traf('0001'), pageType: 'forum' },
      { ...good, id: 'en-odd', goldPage: traf('0001'), pageType: 'blog' },
      { ...good, id: 'en-contradicts', pageType: 'product' },
    ];
    const report = checkQaSet(items, pagesFrom, noTruth, typeOf);
    expect(report.problems).toEqual([
      'en-untyped: no pageType (the data set gives none for its gold page)',
      'en-odd: pageType "blog" is none of article, documentation, service, forum, collection, listing, product',
      'en-contradicts: pageType "product" but the data set says "article"',
    ]);
    expect(report.pageTypes).toEqual({ forum: 1, article: 1 });
  });
});
