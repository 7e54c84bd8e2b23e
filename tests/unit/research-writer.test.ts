/**
 * The report's writing without a model (the extractive composer and the citation check, both
 * real): the summary answers the question, and a section asking the question itself does not
 * say that answer over. With a scripted model, its quotes are read by a scripted judge.
 */
import { describe, expect, it } from 'vitest';
import type { ReportSection } from '../../src/shared/research-contract';
import { facets } from '../../src/main/deep-research/planner';
import { writeReport } from '../../src/main/deep-research/writer';
import { withoutMarkers } from '../../src/main/answer/check-citations';
import type { Composer } from '../../src/main/answer/composer';
import type { SupportJudge } from '../../src/main/answer/support-judge';
import { LanternError } from '../../src/shared/errors';

const QUESTION = 'How long does a heat pump last?';
const COST = 'How much does it cost to install a heat pump?';
const LIFESPAN_LEAD = 'A heat pump lasts 15 to 20 years with yearly servicing, longer than most gas boilers.';
const COST_LEAD = 'Installing an air-source heat pump costs between €10,000 and €14,000 in a detached house.';

const pages = [
  {
    n: 1,
    url: 'https://lifespan.example/',
    title: 'Heat pump lifespan',
    markdown: [
      '# Heat pump lifespan',
      LIFESPAN_LEAD,
      'The compressor decides how long a heat pump lasts, and variable-speed compressors wear more slowly.',
      'Short cycling shortens the life of a heat pump.',
    ].join('\n\n'),
  },
  {
    n: 2,
    url: 'https://cost.example/',
    title: 'Heat pump cost',
    markdown: [
      '# Heat pump cost',
      COST_LEAD,
      'Grants cover part of the cost of installing a heat pump in many countries.',
    ].join('\n\n'),
  },
];
const sourcesOf = (read: readonly { n: number; title: string; url: string }[]) =>
  read.map((p) => ({ n: p.n, title: p.title, url: p.url, source: new URL(p.url).hostname, quotes: [] }));
const sources = sourcesOf(pages);

async function write(subQuestions: string[]) {
  const told: ReportSection[] = [];
  const written = await writeReport({
    question: QUESTION,
    subQuestions,
    pages,
    sources,
    llm: undefined,
    onSection: (_index, section) => told.push(section),
  });
  // What was told as each section was written is what the report holds.
  expect(told).toEqual(written.sections);
  return written;
}

describe('the report: summary and sections', () => {
  it('answers the question in the summary, first, and the section asking the question itself says the rest', async () => {
    const written = await write([QUESTION, COST]);
    const summaryLines = written.summary.text.split('\n');
    expect(summaryLines[0]).toContain(LIFESPAN_LEAD);
    expect(summaryLines.some((line) => line.includes(COST_LEAD))).toBe(true);
    const [own, cost] = written.sections;
    expect(own!.answered).toBe(true);
    expect(own!.text).not.toContain(LIFESPAN_LEAD);
    expect(own!.text).not.toMatch(/^\*\*/m);
    expect(own!.text).toContain('The compressor decides how long a heat pump lasts');
    expect(own!.sentences.map((s) => s.text).join(' ')).not.toContain(LIFESPAN_LEAD);
    expect(own!.sentences.every((s) => s.citations.every((c) => c.supported))).toBe(true);
    // A facet keeps its lead: the summary gathers the facets' leads.
    expect(cost!.text.startsWith(COST_LEAD)).toBe(true);
  });

  it('a plan without the question: the summary answers it first, whole as a quick answer does, then the leads', async () => {
    const written = await write([COST]);
    const summary = written.summary.text;
    // The bold short answer, the lead, the points after it, then the other section's lead.
    expect(summary.startsWith('**15 to 20 years** [1]')).toBe(true);
    expect(summary.indexOf(LIFESPAN_LEAD)).toBeGreaterThan(0);
    expect(summary).toContain('The compressor decides how long a heat pump lasts');
    expect(summary.indexOf(COST_LEAD)).toBeGreaterThan(summary.indexOf('The compressor decides'));
    expect(written.summary.sentences.every((s) => s.citations.every((c) => c.supported))).toBe(true);
    expect(written.sections.map((s) => s.title)).toEqual([COST]);
  });

  it('a plan of the question alone: the summary gives its answer, the section what else the pages say', async () => {
    const written = await write([QUESTION]);
    expect(written.summary.text).toContain(LIFESPAN_LEAD);
    expect(written.sections[0]!.text).not.toContain(LIFESPAN_LEAD);
    expect(written.sections[0]!.answered).toBe(true);
  });

  it('says whether the report answers at all: yes when a part does, no when no page holds a thing asked', async () => {
    expect((await write([COST])).answered).toBe(true);
    const nothing = await writeReport({
      question: QUESTION,
      subQuestions: [COST],
      pages: [],
      sources: [],
      llm: undefined,
      onSection: () => undefined,
    });
    expect([nothing.summary, ...nothing.sections].some((part) => part.answered)).toBe(false);
    expect(nothing.answered).toBe(false);
  });
});

describe("a compound question's facets", () => {
  const TRAINING_QUESTION = 'Why should gym beginners do strength training, and how should a beginner plan the week?';
  const facetPages = [
    {
      n: 1,
      url: 'https://training.example/',
      title: 'Strength training for gym beginners',
      markdown: [
        '# Strength training for gym beginners',
        'Strength training makes the bones and muscles of gym beginners stronger.',
        'A gym beginner should plan the week with three training days and a rest day between them.',
      ].join('\n\n'),
    },
    {
      // Shares the second facet's words (a beginner, to plan, the week) and nothing of strength training.
      n: 2,
      url: 'https://flights.example/',
      title: 'Booking flights for beginners',
      markdown: [
        '# Booking flights for beginners',
        'A beginner can plan the week of a trip with the flight search.',
        'Pick the week first, then plan the hotel for the week.',
      ].join('\n\n'),
    },
  ];

  /** The report on a question planned by its facets alone, as when the results page suggests nothing. */
  const byFacets = (question: string, read: typeof facetPages) =>
    writeReport({
      question,
      subQuestions: facets(question),
      pages: read,
      sources: sourcesOf(read),
      llm: undefined,
      onSection: () => undefined,
    });

  it("a facets-alone plan's summary is the compound answer, a block per facet; each facet keeps its own lead", async () => {
    const question = 'Why should gym beginners do strength training, and how should they plan the week?';
    const training = {
      ...facetPages[0]!,
      markdown: [
        '# Strength training for gym beginners',
        'Strength training makes the bones and muscles of gym beginners stronger.',
        'Regular strength training also lowers the risk of heart disease.',
        '## Planning the week',
        'A gym beginner should plan the week with three training days and a rest day between them.',
        'Plan each training day of the week with a warm-up and a cool-down.',
      ].join('\n\n'),
    };
    const plan = {
      n: 2,
      url: 'https://plan.example/',
      title: 'A training week for gym beginners',
      markdown: [
        '# A training week for gym beginners',
        'Gym beginners should start the week with a full-body strength session on Monday.',
        'Keep Wednesday as a rest day so that the muscles recover.',
        'Train strength again on Friday and rest at the weekend.',
        'Beginners who plan the week this way train each muscle twice.',
      ].join('\n\n'),
    };
    const written = await byFacets(question, [training, plan]);
    // The later facet leans on the subject ("… (gym beginners strength training)?") and so holds all
    // of the question's words: it is a facet still, not the question asked itself.
    expect(facets(question)[1]).toMatch(/\(.*strength training\)\?$/);
    const summary = written.summary.text;
    expect(summary).toContain('**Why should gym beginners do strength training?**');
    expect(summary).toContain('**How should they plan the week?**');
    expect(summary).toMatch(/rest day/);
    const week = written.sections[1]!;
    expect(week.text.startsWith('A gym beginner should plan the week with three training days')).toBe(true);
  });

  it("answers each facet's section from the pages on the whole question, as the quick answer does", async () => {
    const written = await byFacets(TRAINING_QUESTION, facetPages);
    const week = written.sections[1]!;
    expect(week.answered).toBe(true);
    expect(week.text).toMatch(/rest day/);
    expect(week.text).not.toMatch(/flight|hotel/);
  });

  it('a facet no page answers is listed as not answered, and the summary does not also say so', async () => {
    const question = 'Why should gym beginners do strength training, and which vaccines do they need?';
    const written = await byFacets(question, facetPages.slice(0, 1));
    expect(written.notAnswered).toEqual([facets(question)[1]]);
    expect(written.summary.text).toMatch(/bones and muscles/);
    expect(written.summary.text).not.toMatch(/vaccines|Not answered/);
  });

  it('answers a facet that asks for a name by the sentences about it, as the quick answer does', async () => {
    const question = 'What must employers know when an employee’s child is sick, and who pays the wages then?';
    const sick = [
      {
        n: 1,
        url: 'https://work.example/',
        title: 'When an employee’s child is sick',
        markdown: [
          '# When an employee’s child is sick',
          'Employers must let an employee stay home with a sick child when no one else in the household can look after it.',
          '## Who pays the wages then?',
          'By law the employee is released on full salary for up to ten days a year.',
          'Otherwise the health insurance covers 90 percent of the net salary.',
        ].join('\n\n'),
      },
    ];
    const written = await byFacets(question, sick);
    const pays = written.sections[1]!;
    expect(pays.answered).toBe(true);
    expect(pays.text).toMatch(/full salary|90 percent/);
  });
});

describe('a report the model writes: its quotes read by the model', () => {
  const RETOLD_LIFESPAN = 'A heat pump keeps working for 15 to 20 years when it is serviced every year [1].';
  const RETOLD_COST = 'Putting in an air-source heat pump costs €10,000 to €14,000 for a detached home [2].';
  const model: Composer = async ({ question }) => (question === COST ? RETOLD_COST : RETOLD_LIFESPAN);

  async function writeWith(llm: Composer | undefined, judge: SupportJudge) {
    return writeReport({
      question: QUESTION,
      subQuestions: [QUESTION, COST],
      pages,
      sources,
      llm,
      judge,
      onSection: () => undefined,
    });
  }

  it("puts each claim whose hard facts hold to the judge, and the judge's no makes it unsupported, in sections and summary", async () => {
    const asked: string[] = [];
    const judge: SupportJudge = async (questions) => {
      asked.push(...questions.map((q) => q.claim));
      return questions.map((q) => !q.claim.includes('Putting in'));
    };
    const written = await writeWith(model, judge);
    expect(written.composer).toBe('llm');
    expect(asked).toContain(withoutMarkers(RETOLD_COST));
    const citations = [written.summary, ...written.sections].flatMap((s) => s.sentences.flatMap((x) => x.citations));
    expect(citations.length).toBeGreaterThan(0);
    expect(citations.every((c) => c.readBy === 'model')).toBe(true);
    const costSection = written.sections.find((s) => s.title === COST)!;
    expect(costSection.sentences[0]!.citations[0]).toMatchObject({ state: 'unsupported', readBy: 'model' });
    const summaryLifespan = written.summary.sentences.find((s) => s.text.includes('keeps working'))!;
    expect(summaryLifespan.citations[0]).toMatchObject({ state: 'supported', readBy: 'model' });
  });

  it.each([
    ['fails', async (): Promise<(boolean | undefined)[]> => Promise.reject(new LanternError('LLM_FAILED', 'gone'))],
    ['judges nothing', async (questions: readonly unknown[]) => questions.map(() => undefined)],
  ])('a reading that %s is not asked again: the rest of the report keeps the rules’ check', async (_, read) => {
    let calls = 0;
    const written = await writeWith(model, async (questions) => {
      calls += 1;
      return read(questions);
    });
    expect(written.composer).toBe('llm');
    expect(calls).toBe(1);
    const citations = [written.summary, ...written.sections].flatMap((s) => s.sentences.flatMap((x) => x.citations));
    expect(citations.length).toBeGreaterThan(0);
    expect(citations.every((c) => c.readBy === undefined)).toBe(true);
  });

  it('an extractive report is checked by the rules alone: the judge is never asked', async () => {
    let calls = 0;
    const written = await writeWith(undefined, async (questions) => {
      calls += 1;
      return questions.map(() => false);
    });
    expect(written.composer).toBe('extractive');
    expect(calls).toBe(0);
    const citations = [written.summary, ...written.sections].flatMap((s) => s.sentences.flatMap((x) => x.citations));
    expect(citations.every((c) => c.readBy === undefined && c.supported)).toBe(true);
  });
});
