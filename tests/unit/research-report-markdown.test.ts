import { describe, expect, it } from 'vitest';
import type { AnswerSource } from '../../src/shared/answer-contract';
import type { ReportSection, ResearchReport } from '../../src/shared/research-contract';
import { reportMarkdown } from '../../src/main/deep-research/report-markdown';
import { render, visibleText } from '../support/rendered-markdown';

function section(title: string, text: string, answered = true): ReportSection {
  return { title, text, sentences: [], answered };
}

function source(n: number, title: string, url: string): AnswerSource {
  return { n, title, url, source: new URL(url).hostname, quotes: [] };
}

type Report = Omit<ResearchReport, 'markdown'>;

const SUB_QUESTIONS = [
  'How efficient are heat pumps in cold climates?',
  'What does installation cost?',
  'Do heat pumps work with radiators?',
];

const REPORT: Report = {
  question: 'How do heat pumps compare with gas boilers in cold climates?',
  plan: {
    question: 'How do heat pumps compare with gas boilers in cold climates?',
    subQuestions: SUB_QUESTIONS,
    plannedBy: 'facets',
  },
  summary: section(
    'Summary',
    'Heat pumps deliver two to three units of heat per unit of electricity [1, 2]. They cost more to install [3].',
  ),
  sections: [
    section(
      SUB_QUESTIONS[0]!,
      '**3.2** [1]\n\nA typical air-source heat pump reaches a seasonal COP of 3.2 in mild climates [1].\n\n- In a field trial the COP was only 2.1 [2].\n- Cold-climate models work down to −25 °C [1].',
    ),
    section(SUB_QUESTIONS[1]!, 'Installing one costs between €10,000 and €14,000 [3].'),
    section(SUB_QUESTIONS[2]!, 'The sources do not answer this question.', false),
  ],
  answered: true,
  disagreements: [
    {
      topic: 'seasonal COP mild climates',
      claims: [
        { n: 1, quote: 'A typical air-source heat pump reaches a seasonal COP of 3.2 in mild climates.', value: '3.2' },
        { n: 2, quote: 'In mild climates, the seasonal COP is typically only 2.1.', value: '2.1' },
      ],
    },
  ],
  notAnswered: [SUB_QUESTIONS[2]!],
  sources: [
    source(1, 'Heat pumps explained', 'https://agency.example/heat-pumps'),
    source(2, 'Field trial results', 'https://trial.example/results'),
    source(3, 'Installation costs', 'https://costs.example/installation'),
    source(4, 'Read but never cited', 'https://other.example/'),
  ],
  supportedShare: 1,
  composer: 'extractive',
  timings: { planMs: 1, totalMs: 2 },
};

describe('reportMarkdown', () => {
  const markdown = reportMarkdown(REPORT);
  const html = render(markdown);

  it('gives the question as title, the summary, a section per sub-question, the disagreements and what is not answered, in that order', () => {
    expect([...html.matchAll(/<(h[1-3])>([\s\S]*?)<\/h[1-3]>/g)].map((m) => `${m[1]} ${visibleText(m[2]!)}`)).toEqual([
      'h1 How do heat pumps compare with gas boilers in cold climates?',
      `h2 ${SUB_QUESTIONS[0]}`,
      `h2 ${SUB_QUESTIONS[1]}`,
      `h2 ${SUB_QUESTIONS[2]}`,
      'h2 Where the sources disagree',
      'h3 seasonal COP mild climates',
      'h2 Not answered by the sources',
    ]);
    // The summary comes before the first section.
    expect(markdown.indexOf('Heat pumps deliver')).toBeLessThan(markdown.indexOf(`## ${SUB_QUESTIONS[0]}`));
    const notAnswered = html.slice(html.indexOf('Not answered by the sources'));
    expect(visibleText(notAnswered.match(/<ul>([\s\S]*?)<\/ul>/)![1]!).trim()).toBe(SUB_QUESTIONS[2]);
  });

  it('keeps the section text as paragraphs, list items and its bold short answer', () => {
    const first = html.slice(html.indexOf(SUB_QUESTIONS[0]!), html.indexOf(SUB_QUESTIONS[1]!));
    expect(first).toContain('<strong>3.2</strong>');
    expect(first.match(/<li>/g)).toHaveLength(2);
    expect(visibleText(first)).toContain('In a field trial the COP was only 2.1 2');
  });

  it('turns every [n] into a footnote reference, with one footnote per source linking its page', () => {
    expect(markdown).toContain('per unit of electricity [^1][^2]. They cost more to install [^3].');
    expect(markdown).not.toMatch(/(?<!\^)\[\d\]/);
    const footnotes = [...html.matchAll(/<li id="user-content-fn-(\d+)">([\s\S]*?)<\/li>/g)];
    expect(footnotes.map((f) => f[1])).toEqual(['1', '2', '3', '4']);
    for (const [i, f] of footnotes.entries()) {
      const s = REPORT.sources[i]!;
      expect(f[2]).toContain(`<a href="${s.url}">${s.title}</a>`);
    }
    // A source read but not cited is still referenced, so its footnote renders.
    expect(markdown).toContain('Also consulted: [^4]');
  });

  it('gives each side of a disagreement its value, its quote and its source', () => {
    const part = html.slice(html.indexOf('<h3>'), html.indexOf('Not answered by the sources'));
    const items = [...part.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => m[1]!);
    expect(items.map((i) => visibleText(i).replace(/\s+/g, ' ').trim())).toEqual([
      '3.2: “A typical air-source heat pump reaches a seasonal COP of 3.2 in mild climates.” 1',
      '2.1: “In mild climates, the seasonal COP is typically only 2.1.” 2',
    ]);
    expect(items[0]).toContain('href="#user-content-fn-1"');
    expect(items[1]).toContain('href="#user-content-fn-2"');
  });

  it('says so when no source disagrees and every sub-question is answered, and when the run stopped early', () => {
    const calm = render(reportMarkdown({ ...REPORT, disagreements: [], notAnswered: [], stopped: 'cancelled' }));
    expect(visibleText(calm)).toContain('No figure was found that two sources give differently.');
    expect(visibleText(calm)).toContain('The sources answer every sub-question.');
    expect(visibleText(calm)).toContain('Written from what was gathered before the research was cancelled.');
  });
});

describe('reportMarkdown with hostile pages', () => {
  const HOSTILE =
    'Evil] (https://attacker.example) *bold* <script>alert(1)</script>\n# heading\n- item `code` ~~gone~~ | &amp; ![img](x) _u_ [^1]: [x](y)';
  const HOSTILE_ONE_LINE = HOSTILE.replace(/\s+/g, ' ');
  const hostile: Report = {
    ...REPORT,
    question: HOSTILE,
    summary: section('Summary', `${HOSTILE} [1]`),
    // A composer writes a sentence per line (extractive: the page's sentence on one line), with [n] markers.
    sections: [
      section(
        '# not a heading\n=====',
        `${HOSTILE_ONE_LINE} [1]\n---\n\n- - nested <img src=x onerror=alert(1)> [2]\n\n+ plus [9]\n\n2) ordered [1]`,
      ),
    ],
    disagreements: [
      {
        topic: HOSTILE,
        claims: [
          { n: 1, quote: HOSTILE, value: '3.2](javascript:alert(1))' },
          { n: 2, quote: '</li><script>x</script>', value: '<b>2</b>' },
        ],
      },
    ],
    notAnswered: [`- ${HOSTILE}`, '1) numbered'],
    sources: [
      source(1, HOSTILE, 'https://a.example/x y<z>)'),
      source(2, ']]) <script>', 'https://b.example/"onmouseover="x'),
    ],
  };
  const all = render(reportMarkdown(hostile));
  // GFM renders the footnotes as an ordered list under a heading of its own: the report's text is what comes before.
  const html = all.slice(0, all.indexOf('<section data-footnotes'));

  it('renders titles, quotes, topics and section text inert: no link, heading, list or HTML they did not ask for', () => {
    // Headings: only the report's own, with the hostile words as their literal text.
    const headings = [...html.matchAll(/<(h[1-6])>([\s\S]*?)<\/h[1-6]>/g)].map((m) => [m[1], visibleText(m[2]!)]);
    expect(headings).toEqual([
      ['h1', HOSTILE_ONE_LINE],
      ['h2', '# not a heading ====='],
      ['h2', 'Where the sources disagree'],
      ['h3', HOSTILE_ONE_LINE],
      ['h2', 'Not answered by the sources'],
    ]);
    expect(html).not.toMatch(/<(script|img|em|code|del|table|hr|h[4-6])\b/);
    expect(html).not.toContain('<b>');
    // Links: the footnotes' sources, the footnote references and back-references, and GFM's
    // autolink of a bare URL in text, which shows the same URL it points at.
    const hrefs = [...all.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]!);
    const unexpected = hrefs.filter(
      (h) =>
        !/^#user-content-fn(?:ref)?-\d+(?:-\d+)?$/.test(h) &&
        h !== 'https://attacker.example' &&
        !h.startsWith('https://a.example/') &&
        !h.startsWith('https://b.example/'),
    );
    expect(unexpected).toEqual([]);
    expect(hrefs).toContain('https://a.example/x%20y%3Cz%3E)');
    expect(hrefs).toContain('https://b.example/%22onmouseover=%22x');
    expect(hrefs.filter((h) => /^\s*javascript:/i.test(h))).toEqual([]);
  });

  it("keeps the report's own structure around the hostile text: one footnote per source, the lists it made", () => {
    expect([...all.matchAll(/<li id="user-content-fn-(\d+)">/g)].map((m) => m[1])).toEqual(['1', '2']);
    const part = html.slice(html.indexOf('<h2>'), html.indexOf('Where the sources disagree'));
    // "- - nested" is one item whose words start with "- ", "+ plus" and "2) ordered" are items; "---" stays text of the paragraph.
    expect([...part.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => visibleText(m[1]!).trim())).toEqual([
      '- nested <img src=x onerror=alert(1)> 2',
      'plus [9]',
      'ordered 1',
    ]);
    expect(visibleText(part)).toContain(`${HOSTILE_ONE_LINE} 1\n---`);
  });
});
