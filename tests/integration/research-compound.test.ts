/**
 * Deep research on a compound question whose results page suggests nothing (no people also ask,
 * no related searches), extractive: the plan is the question's own facets and the report has a
 * section per facet, each written from the pages that speak to it; a facet no page addresses is
 * the one "not answered". The real runtime (SearchService, system Chromium, the guarded fetch
 * pipeline, SQLite) over the fixture Google answering every query with the same four articles
 * (tests/support/nomad-web.ts).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACET_NOT_ANSWERED } from '../../src/main/answer/open-answer';
import { questionFacets } from '../../src/main/answer/question-shape';
import { createNodeRuntime } from '../../src/main/app/node-runtime';
import type { ResearchService } from '../../src/main/app/service';
import { ResearchReportSchema, type ResearchReport } from '../../src/shared/research-contract';
import {
  NOMAD_QUESTION as QUESTION,
  NOMAD_UNANSWERED_QUESTION,
  startNomadWeb,
  type NomadWeb,
} from '../support/nomad-web';

let web: NomadWeb;
let api: ResearchService;
beforeAll(async () => {
  web = await startNomadWeb();
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
    const report = await research(NOMAD_UNANSWERED_QUESTION);
    expect(report.plan.subQuestions).toHaveLength(2);
    expect(report.sections[0]!.answered).toBe(true);
    expect(report.sections[1]!.answered).toBe(false);
    expect(report.notAnswered).toEqual([report.plan.subQuestions[1]]);
    expect(report.summary.text).not.toMatch(/Not answered/);
  }, 180_000);

  it('the quick answer to the same question says so under the facet, and answers the other', async () => {
    const response = await api.answer({ question: NOMAD_UNANSWERED_QUESTION }, { allowPrivateNetworks: true });
    expect(response.answered).toBe(true);
    const blocks = response.answer.split('\n\n');
    const vaccinations = blocks.indexOf('**Which vaccinations are required?**');
    expect(vaccinations).toBeGreaterThan(0);
    expect(blocks[vaccinations + 1]).toBe(FACET_NOT_ANSWERED);
    expect(response.answer).toMatch(/visa/);
  });
});
