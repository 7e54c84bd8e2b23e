/**
 * Deep research end to end on the fixture topic (tests/support/research-topic.ts): the real
 * runtime (SearchService with its pacing, system Chromium, the guarded fetch pipeline, SQLite),
 * the fixture Google answering each facet's query, the articles on another loopback server. One
 * runtime (one browser) for the whole file; the result cache is off so every run asks the engine.
 */
import { mkdtempSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChromiumRevealWindow } from '../../src/main/browser/chromium-reveal';
import { hasDisplay } from '../../src/main/browser/chromium-reveal';
import { createNodeRuntime } from '../../src/main/app/node-runtime';
import type { ResearchService } from '../../src/main/app/service';
import type { ResearchOptions } from '../../src/shared/api';
import { ResearchReportSchema, type ResearchEvent, type ResearchReport } from '../../src/shared/research-contract';
import { errorOf } from '../support/error-of';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web';
import {
  HANGING_QUERY,
  PLANTED_CONFLICT,
  startResearchTopic,
  TOPIC_FACETS,
  TOPIC_OFF_TOPIC_PAGE,
  TOPIC_QUESTION,
  type ResearchTopic,
} from '../support/research-topic';

/** The engine's pacing gap here: small, so the file stays fast, and asserted on the request log. */
const GAP_MS = 150;

let topic: ResearchTopic;
let web: FixtureWeb;
let api: ResearchService;
const windows: ChromiumRevealWindow[] = [];
beforeAll(async () => {
  topic = await startResearchTopic();
  web = await startFixtureWeb({ results: (query) => topic.resultsPage(query) });
  api = createNodeRuntime({
    env: {
      ...process.env,
      LANTERN_DATA_DIR: mkdtempSync(join(tmpdir(), 'lantern-research-')),
      LANTERN_ENGINE_URL_GOOGLE: web.origin,
    },
    pageTimeoutMs: 30_000,
    searchPacing: { minGapMs: GAP_MS, jitterMs: 0 },
    onReveal: (window) => windows.push(window),
  });
  // Google alone: a blocked search must not fall back to the real Bing.
  await api.settings.update({ resultCacheTtlMs: 0, engines: ['google'] });
});
afterAll(async () => {
  await api?.close();
  await web?.close();
  await topic?.close();
});

async function research(request: Parameters<ResearchService['research']['run']>[0], options: ResearchOptions = {}) {
  const events: ResearchEvent[] = [];
  const report = await api.research.run(request, {
    allowPrivateNetworks: true,
    ...options,
    onEvent: (event) => {
      events.push(event);
      options.onEvent?.(event);
    },
  });
  return { report: ResearchReportSchema.parse(report), events };
}

/** Whitespace as a person reads it: the quote's and the page's compared alike. */
const flat = (text: string): string => text.replace(/\s+/g, ' ').trim();

function citations(report: ResearchReport) {
  return [report.summary, ...report.sections].flatMap((s) => s.sentences.flatMap((sentence) => sentence.citations));
}

function urlOf(report: ResearchReport, n: number): string {
  return report.sources.find((s) => s.n === n)!.url;
}

describe('deep research on the fixture topic', () => {
  it('plans from the results page, reads each page once, and writes a checked report with the planted conflict', async () => {
    const from = web.log.length;
    const { report, events } = await research({ question: TOPIC_QUESTION, maxPages: 30 }, { recordHistory: true });

    // The plan: the results page's people-also-ask and related searches, told first. The question
    // itself is no section of its own: the summary answers it.
    expect(events.find((e) => e.type !== 'step')?.type).toBe('plan');
    expect(report.plan).toMatchObject({ plannedBy: 'facets', subQuestions: Object.values(TOPIC_FACETS) });

    // ≥ 4 answered sections, ≥ 10 distinct cited sources, every quote verbatim from its page.
    expect(report.sections).toHaveLength(5);
    expect(report.sections.filter((s) => s.answered).length).toBeGreaterThanOrEqual(4);
    const supported = citations(report).filter((c) => c.supported);
    expect(new Set(supported.map((c) => c.n)).size).toBeGreaterThanOrEqual(10);
    expect(citations(report).length).toBeGreaterThan(0);
    for (const citation of citations(report))
      expect(flat(topic.textOf(urlOf(report, citation.n)) ?? '')).toContain(flat(citation.quote));
    expect(report.summary.answered).toBe(true);

    // The planted conflict, each side cited from its own page and quoted verbatim.
    const conflict = report.disagreements.find((d) => d.claims.some((c) => c.value === PLANTED_CONFLICT.values[0]));
    expect(conflict).toBeDefined();
    expect(new Set(conflict!.claims.map((c) => new URL(urlOf(report, c.n)).pathname))).toEqual(
      new Set(PLANTED_CONFLICT.pages),
    );
    expect(conflict!.claims.map((c) => c.value).sort()).toEqual([...PLANTED_CONFLICT.values]);
    for (const claim of conflict!.claims)
      expect(flat(topic.textOf(urlOf(report, claim.n))!)).toContain(flat(claim.quote));

    // Each page read once: the tracking-parameter link never fetched, the syndicated copy dropped.
    const paths = topic.requests.filter((p) => p !== '/favicon.ico');
    expect(paths.length).toBe(new Set(paths).size);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'page', state: 'duplicate', url: `${topic.origin}/syndicated/annual-bills` }),
    );
    expect(new Set(report.sources.map((s) => s.url)).size).toBe(report.sources.length);
    // The page on another topic: read, said to be off-topic, and no source.
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'page', state: 'off-topic', url: `${topic.origin}${TOPIC_OFF_TOPIC_PAGE}` }),
    );
    expect(report.sources.map((s) => new URL(s.url).pathname)).not.toContain(TOPIC_OFF_TOPIC_PAGE);
    expect(report.stopped).toBeUndefined();

    // At most one engine request per pacing interval: consecutive searches at least the gap apart.
    const searches = web.log.slice(from).filter((r) => r.path.startsWith('/search?'));
    expect(searches.length).toBe(6); // the plan's search, then one per sub-question
    for (let i = 1; i < searches.length; i++)
      expect(searches[i]!.at - searches[i - 1]!.at).toBeGreaterThanOrEqual(GAP_MS);

    // Sections arrive in plan order, the report's Markdown and timings are complete.
    expect(events.filter((e) => e.type === 'section').map((e) => (e as { index: number }).index)).toEqual([
      0, 1, 2, 3, 4,
    ]);
    expect(report.markdown).toContain('[^1]:');
    expect(report.timings.firstSectionMs).toBeLessThanOrEqual(report.timings.totalMs);
    expect(events.at(-1)?.type).toBe('done');

    // Kept as a thread: a research turn, exported with footnotes, continued by a quick follow-up.
    const thread = await api.history.get({ id: report.threadId! });
    expect(thread.turns.map((t) => t.mode)).toEqual(['research']);
    const exported = await api.history.export({ id: report.threadId! });
    expect(exported.format === 'markdown' && exported.markdown).toMatch(/\[\^\d+\]: /);
    const followUp = await api.answer(
      { question: TOPIC_FACETS.lifespan, threadId: report.threadId! },
      { allowPrivateNetworks: true, recordHistory: true },
    );
    expect(followUp.threadId).toBe(report.threadId);
    expect((await api.history.get({ id: report.threadId! })).turns.map((t) => t.mode)).toEqual(['research', 'answer']);
  }, 180_000);

  it('keeps to maxPages and says the page budget ended the gathering', async () => {
    // Fewer pages than sub-questions: each search's first page is asked for, and the budget stops the rest.
    const subQuestions = [TOPIC_FACETS.install, TOPIC_FACETS.lifespan, TOPIC_FACETS.emissions];
    const { report, events } = await research({ question: TOPIC_QUESTION, subQuestions, maxPages: 2 });
    expect(report.plan.plannedBy).toBe('person');
    expect(report.sources).toHaveLength(2);
    expect(events.filter((e) => e.type === 'page' && e.state === 'read')).toHaveLength(2);
    expect(report.stopped).toBe('pages');
  }, 120_000);

  it('ends the gathering at its time budget, with the pages read by then', async () => {
    // The page that never answers would hold the gathering past the 5 s budget (the fetch's own timeout is 10 s).
    const { report, events } = await research({
      question: TOPIC_QUESTION,
      subQuestions: [HANGING_QUERY],
      timeBudgetMs: 5_000,
    });
    expect(report.stopped).toBe('time');
    expect(report.sources.map((s) => new URL(s.url).pathname)).toEqual(['/noise/quiet-units']);
    const told = events.flatMap((e) => (e.type === 'page' ? [e] : []));
    expect(told.filter((e) => e.state !== 'read' && e.state !== 'reading')).toEqual([]);
    // Each read is told as it starts, the page that never answers too, with the budget left then:
    // within the 5 s, and never more than told before.
    expect(told.filter((e) => e.state === 'reading').length).toBeGreaterThanOrEqual(2);
    const left = told.map((e) => e.msLeft ?? Number.NaN);
    expect(left.every((ms) => ms >= 0 && ms <= 5_000)).toBe(true);
    expect(left).toEqual([...left].sort((a, b) => b - a));
    expect(report.sections[0]!.answered).toBe(true);
  }, 120_000);

  it('when cancelled mid-gathering, resolves with the report written from the pages read so far', async () => {
    const controller = new AbortController();
    const { report, events } = await research(
      { question: TOPIC_QUESTION, subQuestions: Object.values(TOPIC_FACETS), maxPages: 30 },
      // The person cancels as the second page arrives.
      {
        signal: controller.signal,
        onEvent: (event) => event.type === 'page' && event.state === 'read' && event.n === 2 && controller.abort(),
      },
    );
    expect(report.stopped).toBe('cancelled');
    expect(report.sources.length).toBeGreaterThanOrEqual(2);
    expect(report.sources.length).toBeLessThan(20);
    // What was read is what the report is written from: every source was told as read, and is cited or listed.
    const read = events.filter((e) => e.type === 'page' && e.state === 'read').map((e) => (e as { url: string }).url);
    expect(read.length).toBe(report.sources.length);
    expect(report.sections).toHaveLength(5);
    expect(events.at(-1)?.type).toBe('done');
  }, 120_000);

  it('refuses bad input with INVALID_INPUT naming the field, and an unknown thread with NOT_FOUND', async () => {
    expect((await errorOf(api.research.run({ question: TOPIC_QUESTION, maxPages: 0 }))).message).toContain('maxPages');
    expect((await errorOf(api.research.run({ question: TOPIC_QUESTION, subQuestions: [] }))).code).toBe(
      'INVALID_INPUT',
    );
    expect((await errorOf(api.research.plan({ question: '' }))).code).toBe('INVALID_INPUT');
    expect((await errorOf(api.research.run({ question: TOPIC_QUESTION, threadId: 999 }))).code).toBe('NOT_FOUND');
  });

  it('with a model: it proposes the plan (within its budget, the facets standing in when it fails) and writes the sections, which the same check marks', async () => {
    const model = await startModel();
    try {
      await api.settings.update({ llm: { preset: 'custom', baseUrl: model.baseUrl, model: 'fake-model' } });
      const { report } = await research({ question: TOPIC_QUESTION, maxPages: 4 });
      // The question itself left out: the summary answers it.
      expect(report.plan).toMatchObject({
        plannedBy: 'llm',
        subQuestions: [TOPIC_FACETS.install, TOPIC_FACETS.lifespan],
      });
      expect(report.composer).toBe('llm');
      // The model's first sentence is the page's own, its second made up: each section has both, checked.
      for (const section of report.sections) {
        expect(section.sentences.map((s) => s.citations.every((c) => c.supported))).toEqual([true, false]);
      }
      expect(report.supportedShare).toBeLessThan(1);
      // The page text reached the model as data only.
      expect(
        model.prompts.some((p) => p.includes('<sources>') && p.includes('Heat pump installation price guide')),
      ).toBe(true);

      model.fail();
      const plan = await api.research.plan({ question: TOPIC_QUESTION });
      expect(plan).toMatchObject({ plannedBy: 'facets', llmError: { code: 'LLM_FAILED' } });
      expect(plan.subQuestions).toHaveLength(5);

      // A model that fails writes nothing: the first section asks it once, the rest are written without it.
      const asked = model.prompts.length;
      const fallback = await research({
        question: TOPIC_QUESTION,
        subQuestions: [TOPIC_FACETS.install, TOPIC_FACETS.lifespan],
        maxPages: 4,
      });
      expect(fallback.report).toMatchObject({
        composer: 'extractive',
        llmError: { code: 'LLM_FAILED' },
        supportedShare: 1,
      });
      expect(model.prompts.length - asked).toBe(1);
    } finally {
      await api.settings.update({ llm: { model: null } });
      await model.close();
    }
  }, 120_000);

  it('pauses for a CAPTCHA mid-research, and goes on to the end once the person solved it (headed Chromium under Xvfb)', async () => {
    if (!hasDisplay())
      throw new Error('No display: run this test under xvfb-run (npm test does it when xvfb-run is installed).');
    const { report, events } = await research(
      {
        question: TOPIC_QUESTION,
        subQuestions: [TOPIC_FACETS.efficiency, TOPIC_FACETS.running, TOPIC_FACETS.emissions],
        maxPages: 30,
      },
      {
        interactive: true,
        // Google flags the browser as soon as the first search is done.
        onEvent: (event) => {
          if (event.type === 'search' && event.index === 0 && event.state === 'done')
            web.blockEverySearch('captcha-until-solved');
          if (event.type === 'paused') void solveInWindow();
        },
      },
    );
    web.blockEverySearch(undefined);
    const kinds = events.map((e) => e.type);
    expect(kinds).toContain('paused');
    expect(kinds.indexOf('resumed')).toBeGreaterThan(kinds.indexOf('paused'));
    expect(
      events.filter((e) => e.type === 'search' && e.state === 'done').map((e) => (e as { index: number }).index),
    ).toEqual([0, 1, 2]);
    expect(report.sections.every((s) => s.answered)).toBe(true);
    expect(report.stopped).toBeUndefined();
  }, 180_000);

  it("fails with the engine's own error when every search is blocked, and keeps the failed run in its thread", async () => {
    web.blockEverySearch('captcha');
    try {
      const error = await errorOf(
        api.research.run(
          { question: TOPIC_QUESTION, subQuestions: [TOPIC_FACETS.install] },
          { allowPrivateNetworks: true, recordHistory: true },
        ),
      );
      expect(error.code).toBe('CAPTCHA_REQUIRED');
      const thread = await api.history.get({ id: error.details!['threadId'] as number });
      expect(thread.turns).toMatchObject([
        { mode: 'research', question: TOPIC_QUESTION, error: { code: 'CAPTCHA_REQUIRED' } },
      ]);
    } finally {
      web.blockEverySearch(undefined);
      await api.resetSearchSession();
    }
  }, 120_000);
});

/** The person: waits for the verification window, ticks the box and submits. */
async function solveInWindow(): Promise<void> {
  await expect.poll(() => windows.length, { timeout: 60_000 }).toBeGreaterThan(0);
  const page = windows.at(-1)!.page;
  await page.waitForSelector('#captcha-form');
  await page.check('input[name="human"]');
  await page.click('#solve');
}

/**
 * An OpenAI-compatible model on loopback: asked for a plan, it proposes the question itself and
 * two of the topic's facets (numbered, as models do); asked to answer, it quotes the first sentence of the first source it
 * was given and adds a figure no source holds, both cited to that source. Once told to fail, it
 * answers everything with HTTP 500.
 */
async function startModel(): Promise<{ baseUrl: string; prompts: string[]; fail(): void; close(): Promise<void> }> {
  const prompts: string[] = [];
  let failing = false;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const { messages } = JSON.parse(body) as { messages: Array<{ role: string; content: string }> };
      const [system, user] = [messages[0]!.content, messages.at(-1)!.content];
      prompts.push(user);
      if (failing)
        return void res
          .writeHead(500, { 'content-type': 'application/json' })
          .end('{"error":{"message":"overloaded"}}');
      if (system.startsWith('Split the research question'))
        return reply(res, `1. ${TOPIC_QUESTION}\n2. ${TOPIC_FACETS.install}\n3. ${TOPIC_FACETS.lifespan}`);
      const source = /<source n="(\d+)">\nTitle: [^\n]*\nURL: [^\n]*\n\n([^\n]*?[.!?])(?:\s|$)/.exec(user);
      const n = source?.[1] ?? '1';
      reply(res, `${source?.[2] ?? 'Nothing.'} [${n}]\n\nEvery heat pump sold in 1987 cost 42 dollars [${n}].`);
    });
  });
  const reply = (res: ServerResponse, content: string): void => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }),
    );
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    prompts,
    fail: () => (failing = true),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
