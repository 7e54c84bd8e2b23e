/**
 * Answers with a scope: the person's library (a real folder read by Library into a real SQLite
 * store, a PDF printed by Chromium among its files) alone, or beside web pages served on
 * 127.0.0.1 through the real FetchService, ranked together.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerService } from '../../src/main/answer/answer-service';
import { chromiumArgs } from '../../src/main/browser/chromium';
import { findChrome } from '../../src/main/browser/find-chrome';
import { createFetchService } from '../../src/main/fetch/service';
import { Library } from '../../src/main/library';
import type { Store } from '../../src/main/store';
import { AnswerResponseSchema, type AnswerResponse } from '../../src/shared/answer-contract';
import type { SearchResponse } from '../../src/shared/contract';
import { startAnswerSite, type AnswerSite } from '../support/answer-site';
import { makePdf } from '../support/library-fixtures';
import { fenceOffNetwork } from '../support/network-fence';
import { tempStore } from '../support/temp-store';

let site: AnswerSite;
let unfence: () => void;
let store: Store;
let cleanup: () => void;
let folder: string;
let searches = 0;

beforeAll(async () => {
  unfence = fenceOffNetwork();
  site = await startAnswerSite();
  const temp = tempStore();
  store = temp.store;
  cleanup = temp.cleanup;
  folder = join(temp.dir, 'library');
  mkdirSync(folder);
  const browser = await chromium.launch({ executablePath: findChrome(), args: chromiumArgs(), headless: true });
  try {
    writeFileSync(
      join(folder, 'harbour-survey.pdf'),
      await makePdf(browser, 'Harbour survey', [
        'The harbour survey describes the coast, its tides and the fishing fleet.',
        'The Vellmar lighthouse was first lit in 1874 and stands 31 metres tall.',
        'Appendix: the survey team thanks the harbour master for the boat.',
      ]),
    );
  } finally {
    await browser.close();
  }
  writeFileSync(
    join(folder, 'lab-notes.md'),
    '# Lab notes\n\n## Coffee\n\nOur lab measured the house espresso at 212 mg of caffeine per double shot in March.\n',
  );
  writeFileSync(join(folder, 'garden.md'), '# Garden\n\nThe tomatoes were planted in April beside the shed.\n');
  await new Library(store).addFolder(folder);
}, 120_000);

afterAll(async () => {
  await site.close();
  unfence();
  cleanup();
});

/** The web side: a search that finds the espresso page (and counts its calls). */
async function searchEspresso(): Promise<SearchResponse> {
  searches++;
  return {
    searchId: 's1',
    query: 'q',
    engine: 'google',
    results: [{ index: 0, title: 'Espresso', url: `${site.pages}/espresso`, snippet: '', source: '127.0.0.1' }],
    tookMs: 1,
  };
}

function answers(): AnswerService {
  return new AnswerService({
    search: searchEspresso,
    fetch: async () => createFetchService({ settings: () => ({ allowPrivateNetworks: false }) }),
    store,
  });
}

/** The source the answer's first citation names. */
function firstCited(response: AnswerResponse) {
  const n = response.sentences.flatMap((s) => s.citations).find((c) => c.supported)?.n;
  return response.sources.find((s) => s.n === n);
}

describe('scope library', () => {
  it('answers from the documents alone and cites the document and its page', async () => {
    const before = searches;
    const response = await answers().answer({
      question: 'When was the Vellmar lighthouse first lit?',
      scope: 'library',
    });
    AnswerResponseSchema.parse(response);
    expect(searches).toBe(before);
    expect(response.answered).toBe(true);
    expect(response.answer).toMatch(/1874/);
    const cited = firstCited(response);
    expect(cited).toMatchObject({
      title: 'Harbour survey, p. 2',
      library: { path: join(folder, 'harbour-survey.pdf'), kind: 'pdf', page: 2 },
    });
    expect(cited?.url).toMatch(/^file:\/\/.*harbour-survey\.pdf#page=2$/);
    expect(cited?.quotes.join(' ')).toContain('first lit in 1874');
    // The garden note shares no word with the question: not a source.
    expect(response.sources.map((s) => s.library?.path)).not.toContain(join(folder, 'garden.md'));
  });

  it('says the library holds nothing on a question it cannot answer, and reads no urls', async () => {
    await expect(
      answers().answer({ question: 'quantum chromodynamics gluon', scope: 'library' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      answers().answer({ question: 'lighthouse', scope: 'library', urls: [`${site.pages}/espresso`] }),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringMatching(/^scope: /),
    });
  });
});

describe('scope both', () => {
  it('ranks a library passage above a web page when it answers better', async () => {
    const response = await answers().answer(
      { question: 'How much caffeine did our lab measure in the house espresso?', scope: 'both' },
      { allowPrivateNetworks: true },
    );
    // The web's source is [1]; the library's sections follow it.
    expect(response.sources[0]).toMatchObject({ n: 1, url: `${site.pages}/espresso` });
    expect(response.sources.slice(1).every((s) => s.library !== undefined)).toBe(true);
    expect(firstCited(response)).toMatchObject({ title: 'Lab notes › Coffee', library: { kind: 'markdown' } });
    expect(response.answer.split('\n')[0]).toContain('212 mg');
  });

  it('ranks the web page first when it answers better', async () => {
    const response = await answers().answer(
      { question: 'How much caffeine is in a single shot of espresso?', scope: 'both' },
      { allowPrivateNetworks: true },
    );
    expect(response.sources.some((s) => s.library)).toBe(true);
    expect(firstCited(response)).toMatchObject({ n: 1, url: `${site.pages}/espresso` });
    expect(response.answer.split('\n')[0]).toContain('63 mg');
  });
});
