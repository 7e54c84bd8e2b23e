/**
 * Fetch with a question (src/main/answer/page-passages.ts) over a page served by a stand-in fetch
 * service: which passages come back, under which ranges, and within which budget.
 */
import { describe, expect, it } from 'vitest';
import { answeringFetch } from '../../src/main/answer/page-passages';
import type { FetchService } from '../../src/main/fetch';
import { tokenCounter } from '../../src/main/text/token-budget';
import type { FetchPage } from '../../src/shared/fetch-contract';
import { passagesText } from '../../src/shared/format/fetched-text';

/** Paragraphs that share no word with the questions below, so that the page is long. */
const FILLER = [
  'Gulls nest on the cliffs every spring and leave before the autumn storms arrive.',
  'The harbour market sells smoked fish, bread and honey on Saturday mornings.',
  'A ferry crosses the bay twice a day when the weather allows it.',
  'Visitors often walk the old path along the dunes to watch the sunset.',
  'The village school has forty pupils and a small library of donated books.',
  'Fishermen mend their nets in the sheds behind the chapel during winter.',
  'The bakery on the square opens at six and closes when the bread runs out.',
  'Sheep graze on the headland, kept from the edge by a low stone wall.',
  'An old cannon points out to sea beside the customs house.',
  'The choir sings in the chapel on the first Sunday of every month.',
];

const TALL = 'The Pharos lighthouse was about 100 metres tall.';
const WHERE = 'The Pharos lighthouse stood on the island of Pharos, at Alexandria.';

function pageOf(markdown: string): FetchPage {
  return {
    url: 'https://example.com/pharos',
    finalUrl: 'https://example.com/pharos',
    status: 200,
    contentType: 'text/html',
    title: 'Lighthouses of the ancient world',
    markdown,
    wordCount: markdown.split(/\s+/).length,
    totalChars: markdown.length,
    rendered: false,
    fromCache: false,
    truncated: false,
  };
}

async function ask(markdown: string, question: string, maxTokens?: number): Promise<FetchPage> {
  const service: FetchService = { fetch: () => Promise.resolve(pageOf(markdown)) };
  const request = { url: 'https://example.com/pharos', question, ...(maxTokens === undefined ? {} : { maxTokens }) };
  return (await answeringFetch(service).fetch(request)) as FetchPage;
}

describe('fetch with a question', () => {
  const markdown = [...FILLER.slice(0, 3), WHERE, TALL, ...FILLER.slice(3), ...FILLER].join('\n\n');

  it('gives passages that touch in the page under one range, best first', async () => {
    const page = await ask(markdown, 'How tall was the Pharos lighthouse at Alexandria?', 60);
    // The best and the passage before it, which names the place asked about (and what else was taken beside them).
    const first = page.passages![0]!;
    expect(first.start).toBeLessThanOrEqual(markdown.indexOf(WHERE));
    expect(first.end).toBeGreaterThanOrEqual(markdown.indexOf(TALL) + TALL.length);
    expect(first.text).toBe(markdown.slice(first.start, first.end));
    // No two passages returned touch: they would be one.
    for (const a of page.passages!)
      for (const b of page.passages!)
        if (a !== b) expect(markdown.slice(Math.min(a.end, b.end), Math.max(a.start, b.start)).trim()).not.toBe('');
  });

  it('holds the passages, each under its range as the text formats show it, within maxTokens', async () => {
    const counter = await tokenCounter();
    expect(counter.count(markdown)).toBeGreaterThan(250);
    for (const maxTokens of [50, 60, 80, 120, 200]) {
      const page = await ask(markdown, 'How tall was the Pharos lighthouse?', maxTokens);
      expect(page.passages!.length).toBeGreaterThan(0);
      expect(counter.count(passagesText(page.passages!))).toBeLessThanOrEqual(maxTokens);
    }
  });

  it('says a passage the page repeats once', async () => {
    const repeated = [TALL, ...FILLER, TALL, ...FILLER].join('\n\n');
    const page = await ask(repeated, 'How tall was the Pharos lighthouse?', 100);
    expect(page.passages!.filter((passage) => passage.text.includes(TALL))).toHaveLength(1);
  });

  it('gives a page that fits maxTokens whole', async () => {
    const short = [WHERE, TALL].join('\n\n');
    const page = await ask(short, 'How tall was the Pharos lighthouse?', 200);
    expect(page.passages).toEqual([{ text: short, start: 0, end: short.length }]);
    expect(page.markdown).toBe(short);
  });
});

describe('fetch with a question and no maxTokens', () => {
  const FAMOUS =
    'The Pharos lighthouse of Alexandria was the most famous lighthouse: the Pharos lighthouse was tall, and sailors saw the Pharos lighthouse from far away.';
  const MEASURED = 'Travellers measured the old lighthouse at about 100 metres.';
  const FERRY = 'A ferry crosses the bay twice a day when the weather allows it.';
  const markdown = [FAMOUS, FILLER[0], FILLER[1], MEASURED, FERRY, FILLER[7]].join('\n\n');
  const question = 'How tall was the Pharos lighthouse?';

  it('gives only the passages near the best and, when none holds the number asked for, the best that holds one', async () => {
    const texts = (await ask(markdown, question)).passages!.map((passage) => passage.text);
    expect(texts[0]).toContain(FAMOUS);
    // FERRY shares a word with the question through the passage before it, far less than the best does.
    expect(texts.join('\n')).not.toContain(FERRY);
    // MEASURED scores less still, but it is the one that says how tall.
    expect(texts.some((text) => text.includes(MEASURED))).toBe(true);
    expect(texts.join('\n')).not.toContain(FILLER[7]);
  });

  it('gives the sentence that answers, not the sentences before it in its paragraph', async () => {
    const paragraph = `${FILLER[2]} ${FILLER[4]} ${TALL}`;
    const page = await ask([FILLER[0], paragraph, FILLER[1], FILLER[3], FILLER[5]].join('\n\n'), question);
    const given = page.passages!.map((passage) => passage.text).join('\n');
    expect(given).toContain(TALL);
    expect(given).not.toContain(FILLER[2]);
    expect(given).not.toContain(FILLER[4]);
  });

  it('fills maxTokens best first when it is given', async () => {
    const texts = (await ask(markdown, question, 100)).passages!.map((passage) => passage.text);
    expect(texts[0]).toContain(FAMOUS);
    expect(texts.join('\n')).toContain(FERRY);
  });

  it('does not say again what a passage given already holds', async () => {
    // A product's card, shown again further down the page (a "recently viewed" strip).
    const card = 'Weekender MAX 80W 111Wh Portable Power Station\n\n  **$99.99** ~~$239.99~~';
    const page = await ask(
      [card, ...FILLER, card, ...FILLER].join('\n\n'),
      'How much does the Weekender MAX 80W cost?',
    );
    expect(page.passages!.filter((passage) => passage.text.includes('111Wh'))).toHaveLength(1);
  });

  it('gives the page whole when its passages would cost as much', async () => {
    const sections = `## Height\n\n${TALL}\n\n## Place\n\n${WHERE}`;
    const page = await ask(sections, 'How tall was the Pharos lighthouse at Alexandria?');
    expect(page.passages).toEqual([{ text: sections, start: 0, end: sections.length }]);
  });
});
