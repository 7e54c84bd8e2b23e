/**
 * The pure parts of deep research: the rule-based plan (facets, near-duplicates dropped), the
 * model's plan as parsed from its reply, canonical URLs (each page read once) and the progress
 * lines the CLI and MCP tell.
 */
import { describe, expect, it } from 'vitest';
import { parseSubQuestions } from '../../src/main/deep-research/llm-planner';
import { canonicalUrl } from '../../src/shared/canonical-url';
import { distinct, facets, planResearch, withoutTheQuestion } from '../../src/main/deep-research/planner';
import { ResearchRequestSchema } from '../../src/shared/research-contract';
import { researchProgress } from '../../src/shared/format/research-progress';

describe('the plan', () => {
  it('takes each question a question asks as a facet, a later one given the subject it leans on, and the question itself when it asks one', () => {
    expect(facets('How efficient are heat pumps? What do they cost to run?')).toEqual([
      'How efficient are heat pumps?',
      'What do they cost to run (efficient heat pumps)?',
    ]);
    expect(facets('How can digital nomads live and work abroad legally, and what does it cost?')).toEqual([
      'How can digital nomads live and work abroad legally?',
      'What does it cost (nomads live abroad legally)?',
    ]);
    expect(facets('heat pump vs gas boiler')).toEqual(['heat pump vs gas boiler']);
  });

  it('drops a sub-question asking what an earlier one asks, in other case or order', () => {
    expect(
      distinct(['Heat pump lifespan', 'heat pump lifespan', 'lifespan of heat pumps', 'Heat pump running cost', '  ']),
    ).toEqual(['Heat pump lifespan', 'Heat pump running cost']);
  });

  it('leaves the question itself out when the plan has other sub-questions (the summary answers it), and keeps it alone', () => {
    const question = 'How do heat pumps compare with gas boilers?';
    expect(
      withoutTheQuestion(question, [question, 'Heat pump running cost', 'how do heat pumps compare with gas boilers']),
    ).toEqual(['Heat pump running cost']);
    expect(withoutTheQuestion(question, ['Compare heat pumps and gas boilers', 'Heat pump lifespan'])).toEqual([
      'Heat pump lifespan',
    ]);
    expect(withoutTheQuestion(question, [question])).toEqual([question]);
  });

  it("reads the model's reply one sub-question a line, without numbering, quotes or overlong lines, six at most", () => {
    const reply = [
      '1. How efficient are they?',
      '- "What do they cost?"',
      '',
      `${'x'.repeat(301)}?`,
      'a?',
      'b?',
      'c?',
      'd?',
      'e?',
    ].join('\n');
    expect(parseSubQuestions(reply)).toEqual(['How efficient are they?', 'What do they cost?', 'a?', 'b?', 'c?', 'd?']);
  });
});

describe('the scope', () => {
  it("is the web's unless asked, as an answer's", () => {
    expect(ResearchRequestSchema.parse({ question: 'heat pumps' }).scope).toBe('web');
    expect(ResearchRequestSchema.parse({ question: 'heat pumps', scope: 'both' }).scope).toBe('both');
    expect(ResearchRequestSchema.safeParse({ question: 'heat pumps', scope: 'everywhere' }).success).toBe(false);
  });

  it('plans a library-scoped research from the facets alone, without a search; the others from the results page too', async () => {
    const searched: string[] = [];
    const deps = {
      budgetMs: 1_000,
      search: async ({ query }: { query: string }) => {
        searched.push(query);
        return { searchId: 's', query, engine: 'google' as const, results: [], tookMs: 1, peopleAlsoAsk: ['Asked?'] };
      },
    };
    const question = 'How efficient are heat pumps? What do they cost to run?';
    const library = await planResearch(ResearchRequestSchema.parse({ question, scope: 'library' }), question, deps);
    expect([library.subQuestions, searched]).toEqual([facets(question), []]);
    const both = await planResearch(ResearchRequestSchema.parse({ question, scope: 'both' }), question, deps);
    expect([both.subQuestions, searched]).toEqual([[...facets(question), 'Asked?'], [question]]);
  });
});

describe('a comparison', () => {
  const question = 'Native apps vs web apps: what are the pros and cons of each?';
  const pageSuggesting = (suggested: string[]) => ({
    budgetMs: 1_000,
    search: async ({ query }: { query: string }) => ({
      searchId: 's',
      query,
      engine: 'google' as const,
      results: [],
      tookMs: 1,
      peopleAlsoAsk: suggested,
    }),
  });

  it('is planned by its sides when the results page suggests nothing: a section per side, the summary comparing', async () => {
    const plan = await planResearch(ResearchRequestSchema.parse({ question }), question, pageSuggesting([]));
    expect(plan.subQuestions).toEqual([
      'Native apps: advantages and drawbacks (vs web apps)?',
      'Web apps: advantages and drawbacks (vs Native apps)?',
    ]);
    expect(plan.plannedBy).toBe('facets');
  });

  it('is planned by what the page suggests when it suggests something, as any question asking one thing', async () => {
    const plan = await planResearch(
      ResearchRequestSchema.parse({ question }),
      question,
      pageSuggesting(['Are web apps slower than native apps?']),
    );
    expect(plan.subQuestions).toEqual(['Are web apps slower than native apps?']);
  });
});

describe('canonical URLs', () => {
  it('are the same page whatever the fragment, tracking parameters, www., trailing slash or scheme', () => {
    const same = [
      'https://www.example.com/a/?utm_source=x#top',
      'http://example.com/a',
      'https://example.com/a?fbclid=1',
    ];
    expect(new Set(same.map(canonicalUrl)).size).toBe(1);
    expect(canonicalUrl('https://example.com/a?page=2')).not.toBe(canonicalUrl('https://example.com/a'));
  });
});

describe('research progress', () => {
  it('tells the plan, each search, page and section, a pause, and the end', () => {
    const describe = researchProgress();
    const lines = [
      describe({ type: 'plan', plan: { question: 'q', subQuestions: ['a?', 'b?'], plannedBy: 'facets' } }),
      describe({ type: 'search', index: 0, query: 'a?', state: 'started' }),
      describe({ type: 'search', index: 0, query: 'a?', state: 'done', results: 3 }),
      describe({ type: 'page', url: 'https://x.example/', state: 'read', n: 1, title: 'X' }),
      describe({ type: 'page', url: 'https://y.example/zoom', state: 'off-topic' }),
      describe({ type: 'paused', engine: 'google', reason: 'CAPTCHA' }),
      describe({ type: 'resumed', engine: 'google' }),
      describe({ type: 'section', index: 1, section: { title: 'b?', text: '', sentences: [], answered: false } }),
      describe({ type: 'done', timings: { planMs: 1, totalMs: 1234.4 } }),
    ];
    expect(lines).toEqual([
      'plan (facets): 1. a? 2. b?',
      'searching 1/2: a?',
      undefined,
      'read [1] X (1 page)',
      'skipped https://y.example/zoom: not about the question',
      'paused: google wants a person to solve a CAPTCHA',
      'resumed: google answers again',
      'section 2/2 (not answered by the sources): b?',
      'done in 1234 ms',
    ]);
  });
});
