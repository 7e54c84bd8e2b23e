/**
 * Deep research on a compound question whose results page suggests nothing (no people also ask,
 * no related searches), extractive: the plan is the question's own facets and the report has a
 * section per facet, each written from the pages that speak to it; a facet no page addresses is
 * the one "not answered". The real runtime (SearchService, system Chromium, the guarded fetch
 * pipeline, SQLite) over the fixture Google (tests/support/fixture-web.ts) answering every query
 * with the same four articles, served from another loopback server.
 */
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionFacets } from '../../src/main/answer/question-shape';
import { createNodeRuntime } from '../../src/main/app/node-runtime';
import type { ResearchService } from '../../src/main/app/service';
import { ResearchReportSchema, type ResearchReport } from '../../src/shared/research-contract';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web';

const QUESTION = 'How can digital nomads live and work abroad legally, and what does it cost?';

/** Two articles on the legal routes, two on the costs; none on health. */
const ARTICLES: Record<string, { title: string; paragraphs: string[] }> = {
  '/visas/portugal': {
    title: 'The Portuguese digital nomad visa',
    paragraphs: [
      'Digital nomads can live and work abroad legally in Portugal on its digital nomad visa, which allows a stay of up to one year.',
      'Applicants show a monthly income from work for employers or clients outside Portugal.',
    ],
  },
  '/visas/spain': {
    title: 'Working remotely from Spain',
    paragraphs: [
      "Spain's visa for digital nomads lets remote workers live in the country legally for up to five years.",
      'Remote workers apply at a consulate with a contract, health insurance and a clean criminal record.',
    ],
  },
  '/costs/lisbon': {
    title: 'What a digital nomad spends in Lisbon',
    paragraphs: [
      'Living abroad as a digital nomad costs about 2,000 euros a month in Lisbon, rent included.',
      'A room in a shared flat costs a digital nomad around 700 euros a month.',
    ],
  },
  '/costs/fees': {
    title: 'Digital nomad visa fees compared',
    paragraphs: [
      'The Portuguese visa application costs 90 euros, and the residence permit that follows costs another 170 euros.',
    ],
  },
};

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

let articles: Server;
let origin: string;
let web: FixtureWeb;
let api: ResearchService;
beforeAll(async () => {
  articles = createServer((req, res) => {
    const article = ARTICLES[new URL(req.url ?? '/', 'http://x').pathname];
    res.writeHead(article ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      article
        ? `<!doctype html><html lang="en"><head><title>${escapeHtml(article.title)}</title></head><body><article><h1>${escapeHtml(article.title)}</h1>${article.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}</article></body></html>`
        : 'not found',
    );
  });
  await new Promise<void>((resolve) => articles.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(articles.address() as AddressInfo).port}`;
  // Every query: the four articles as Google's results, and nothing suggested.
  const results = (
    query: string,
  ): string => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(query)} - Google Search</title></head><body>
<div id="search"><div id="rso">
${Object.entries(ARTICLES)
  .map(
    ([path, a]) =>
      `<div class="MjjYud"><div class="g"><div class="yuRUbf"><a href="${origin}${path}"><h3>${escapeHtml(a.title)}</h3></a></div><div class="VwiC3b">${escapeHtml(a.paragraphs[0]!.slice(0, 100))}</div></div></div>`,
  )
  .join('\n')}
</div></div></body></html>`;
  web = await startFixtureWeb({ results });
  api = createNodeRuntime({
    env: {
      ...process.env,
      LANTERN_DATA_DIR: mkdtempSync(join(tmpdir(), 'lantern-compound-')),
      LANTERN_ENGINE_URL_GOOGLE: web.origin,
    },
    pageTimeoutMs: 30_000,
    searchPacing: { minGapMs: 50, jitterMs: 0 },
  });
  await api.settings.update({ resultCacheTtlMs: 0, engines: ['google'] });
});
afterAll(async () => {
  await api?.close();
  await web?.close();
  await new Promise<void>((resolve) => (articles ? articles.close(() => resolve()) : resolve()));
});

async function research(question: string): Promise<ResearchReport> {
  return ResearchReportSchema.parse(
    await api.research.run({ question, composer: 'extractive', maxPages: 8 }, { allowPrivateNetworks: true }),
  );
}

/** The article paths a section cites with a supported quote. */
function citedPaths(report: ResearchReport, section: number): string[] {
  const ns = report.sections[section]!.sentences.flatMap((s) => s.citations.filter((c) => c.supported).map((c) => c.n));
  return [...new Set(ns.map((n) => new URL(report.sources.find((s) => s.n === n)!.url).pathname))];
}

describe('deep research on a compound question with no suggestions', () => {
  it('plans a section per facet and answers each from the pages on it', async () => {
    const report = await research(QUESTION);
    expect(report.plan).toMatchObject({ plannedBy: 'facets', subQuestions: questionFacets(QUESTION) });
    expect(report.sections).toHaveLength(2);
    expect(report.sections.every((s) => s.answered)).toBe(true);
    expect(report.notAnswered).toEqual([]);
    expect(report.summary.answered).toBe(true);
    // The legal routes from a visa page, the costs from a cost page; every citation's quote from its page.
    expect(citedPaths(report, 0).some((path) => path.startsWith('/visas/'))).toBe(true);
    expect(citedPaths(report, 1).some((path) => path.startsWith('/costs/'))).toBe(true);
    expect(report.sections[1]!.text).toMatch(/euros/);
    const citations = [report.summary, ...report.sections].flatMap((s) => s.sentences.flatMap((x) => x.citations));
    expect(citations.length).toBeGreaterThan(0);
    expect(citations.every((c) => c.supported)).toBe(true);
  }, 180_000);

  it('says "not answered" for the facet no page addresses, and only for it', async () => {
    const question = 'How can digital nomads live and work abroad legally, and which vaccinations are required?';
    const report = await research(question);
    expect(report.plan.subQuestions).toHaveLength(2);
    expect(report.sections[0]!.answered).toBe(true);
    expect(report.sections[1]!.answered).toBe(false);
    expect(report.notAnswered).toEqual([report.plan.subQuestions[1]]);
  }, 180_000);
});
