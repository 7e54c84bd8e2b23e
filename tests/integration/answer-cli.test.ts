/**
 * `lantern ask` through the CLI (run in process, tests/support/run-cli.ts), end to end: a
 * stand-in Google on 127.0.0.1 (real Chromium, the real Google parser) whose results link to
 * hand-made pages on another loopback server; the pages are read with the private-network
 * permission, and the turn lands in the history.
 */
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessService } from '../../src/main/settings/access-service';
import { AnswerResponseSchema } from '../../src/shared/answer-contract';
import { startAnswerSite, type AnswerSite } from '../support/answer-site';
import { runCliInProcess, tempDataDir } from '../support/run-cli';

let site: AnswerSite;
beforeAll(async () => {
  site = await startAnswerSite();
});
afterAll(async () => {
  await site.close();
});

describe('lantern ask', () => {
  it('searches, reads the results and prints a cited answer with its sources; the turn is in the history', async () => {
    const env = { LANTERN_DATA_DIR: tempDataDir(), LANTERN_ENGINE_URL_GOOGLE: site.engine };
    const run = await runCliInProcess(
      ['ask', 'How much caffeine is in a shot of espresso?', '--pages', '3', '--allow-private'],
      env,
    );
    expect(run.stderr).toMatch(
      /^searching…\nfound 3 sources\n(reading [123]\/3 .*\n){3}writing…\nchecking… 100% of quotes verified\ndone in \d+ ms\n$/,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        '63 mg [1]',
        '',
        'A single shot of espresso contains about 63 mg of caffeine. [1]',
        '',
        'Sources:',
        `[1] Espresso, explained (${site.pages}/espresso)`,
        `[2] Green tea basics (${site.pages}/green-tea)`,
        `[3] Roasting coffee at home (${site.pages}/roasting)`,
        '',
      ].join('\n'),
    );

    const list = await runCliInProcess(['history', 'list'], env);
    expect(list.stdout).toMatch(/^#1 {2}How much caffeine is in a shot of espresso\? {2}— 1 turn/);
    const shown = await runCliInProcess(['history', 'show', '1'], env);
    expect(shown.stdout).toContain('(answer, ');
    expect(shown.stdout).toContain('A single shot of espresso contains about 63 mg of caffeine. [1]');
    expect(shown.stdout).toContain(`1. Espresso, explained — ${site.pages}/espresso`);
    const exported = await runCliInProcess(['history', 'export', '1', '--md'], env);
    expect(exported.stdout).toContain('A single shot of espresso contains about 63 mg of caffeine. [^1]');
    expect(exported.stdout).toContain(`[^1]: Espresso, explained. <${site.pages}/espresso>`);
    const found = await runCliInProcess(['history', 'search', 'caffeine'], env);
    expect(found.stdout).toMatch(/^thread #1 /);
  });

  it('prints the AnswerResponse with --json, with follow-ups from the results page', async () => {
    const env = { LANTERN_DATA_DIR: tempDataDir(), LANTERN_ENGINE_URL_GOOGLE: site.engine };
    const run = await runCliInProcess(
      ['ask', 'How', 'much', 'caffeine', 'is', 'in', 'a', 'shot', 'of', 'espresso?', '--json', '--allow-private'],
      env,
    );
    expect(run.code).toBe(0);
    const response = AnswerResponseSchema.parse(JSON.parse(run.stdout));
    expect(response.question).toBe('How much caffeine is in a shot of espresso?');
    expect(response.sources).toHaveLength(3);
    expect(response.sentences[0]?.citations[0]).toMatchObject({ n: 1, supported: true });
    expect(response.followUps).toEqual([
      'Is espresso stronger than drip coffee?',
      'espresso vs ristretto',
      'how to pull an espresso shot',
    ]);
    expect(response.threadId).toBe(1);
  });

  it('says plainly when the pages do not answer the question', async () => {
    const env = { LANTERN_DATA_DIR: tempDataDir(), LANTERN_ENGINE_URL_GOOGLE: site.engine };
    const run = await runCliInProcess(['ask', 'What is the boiling point of mercury?', '--allow-private'], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^The sources do not answer this question\. What they cover:\n\n- Espresso, explained\n- Green tea basics\n- Roasting coffee at home\n\nSources:\n\[1\] Espresso/,
    );
    // Nothing was cited, so nothing was "100 % supported".
    expect(run.stderr).toContain('checking… no citations to check\n');
  });

  it('reads given pages with --url, and refuses bad input with exit code 2', async () => {
    const env = { LANTERN_DATA_DIR: tempDataDir() };
    const run = await runCliInProcess(
      ['ask', 'At what temperature should green tea be brewed?', '--url', `${site.pages}/green-tea`, '--allow-private'],
      env,
    );
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe(
      'Brewing green tea at around 80 degrees Celsius keeps it from turning bitter. [1]',
    );
    const bad = await runCliInProcess(['ask', 'q', '--composer', 'clever', '--json'], env);
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stdout)).toMatchObject({ error: { code: 'INVALID_INPUT' } });
    expect(JSON.parse(bad.stdout).error.message).toMatch(/composer/);
    // Without --allow-private the loopback page is refused, and with no page read there is no answer.
    const blocked = await runCliInProcess(
      ['ask', 'At what temperature should green tea be brewed?', '--url', `${site.pages}/green-tea`],
      env,
    );
    expect(blocked.code).toBe(1);
    expect(blocked.stdout).toBe('');
    expect(blocked.stderr).toMatch(/\nerror BLOCKED_URL: None of the 1 pages could be read/);
    const pages = await runCliInProcess(['ask', 'q', '--pages', '0'], env);
    expect(pages.code).toBe(2);
    expect(pages.stderr).toMatch(/--pages must be a whole number from 1 to 10/);
  });
});

describe('lantern ask --thread', () => {
  // Four CLI runs, each launching Chromium: room against a hang, not a timing.
  it(
    'understands a follow-up in its thread: the search names the film, and the turn keeps what it searched for',
    { timeout: 120_000 },
    async () => {
      const env = { LANTERN_DATA_DIR: tempDataDir(), LANTERN_ENGINE_URL_GOOGLE: site.engine };
      const first = await runCliInProcess(
        ['ask', 'What is the film Parasite about?', '--pages', '1', '--allow-private', '--json'],
        env,
      );
      expect(first.code).toBe(0);
      const threadId = AnswerResponseSchema.parse(JSON.parse(first.stdout)).threadId;
      expect(threadId).toBe(1);

      const searchesBefore = site.searches.length;
      const follow = await runCliInProcess(
        ['ask', '--thread', '1', 'Who directed it?', '--pages', '1', '--allow-private'],
        env,
      );
      expect(follow.code).toBe(0);
      const asked = site.searches.slice(searchesBefore).map((path) => new URL(path, 'http://x').searchParams.get('q'));
      expect(asked).toEqual(['Who directed Parasite?']);
      expect(follow.stdout.split('\n').slice(0, 2)).toEqual(['Searched for: Who directed Parasite?', '']);

      const shown = await runCliInProcess(['history', 'show', '1', '--json'], env);
      const turns = (JSON.parse(shown.stdout) as { turns: { question: string; searchedFor?: string }[] }).turns;
      expect(turns.map((t) => [t.question, t.searchedFor])).toEqual([
        ['What is the film Parasite about?', undefined],
        ['Who directed it?', 'Who directed Parasite?'],
      ]);
      // "#1" as `lantern history` takes it; the JSON answer carries the standalone query too.
      const json = await runCliInProcess(
        ['ask', '--thread', '#1', 'When was it released?', '--pages', '1', '--allow-private', '--json'],
        env,
      );
      expect(AnswerResponseSchema.parse(JSON.parse(json.stdout))).toMatchObject({
        threadId: 1,
        question: 'When was it released?',
        searchedFor: 'When was Parasite released?',
      });
    },
  );

  it('refuses a thread id that is not one, and a thread that does not exist', async () => {
    const env = { LANTERN_DATA_DIR: tempDataDir(), LANTERN_ENGINE_URL_GOOGLE: site.engine };
    const bad = await runCliInProcess(['ask', '--thread', 'latest', 'Who directed it?'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--thread must be a thread id such as 12 (see `lantern history list`).');
    const zero = await runCliInProcess(['ask', '--thread', '0', 'Who directed it?', '--json'], env);
    expect(zero.code).toBe(2);
    expect(JSON.parse(zero.stdout).error.message).toMatch(/threadId is a whole number such as 12/);
    const searchesBefore = site.searches.length;
    const missing = await runCliInProcess(['ask', '--thread', '7', 'Who directed it?', '--json'], env);
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout)).toMatchObject({
      error: {
        code: 'NOT_FOUND',
        message: 'No thread 7 in the history; list the threads with `lantern history list`.',
      },
    });
    expect(site.searches.length).toBe(searchesBefore);
  });
});

/**
 * An OpenAI-compatible server on loopback: the answer request gets a cited sentence, the
 * follow-up request (told apart by its system message) three questions. Records what it was asked.
 */
async function startModelServer(): Promise<{
  baseUrl: string;
  asked: { model: string; system: string; authorization?: string }[];
  close: () => Promise<void>;
}> {
  const asked: { model: string; system: string; authorization?: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const request = JSON.parse(body) as { model: string; messages: { role: string; content: string }[] };
      const system = request.messages[0]?.content ?? '';
      asked.push({
        model: request.model,
        system,
        ...(req.headers.authorization === undefined ? {} : { authorization: req.headers.authorization }),
      });
      const content = system.includes('follow-up questions')
        ? 'What is a doppio?\nIs espresso stronger than drip coffee?\nHow is decaf espresso made?'
        : system.startsWith('You check citations')
          ? '1: yes'
          : 'A single shot of espresso has about 63 mg of caffeine [1].';
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(
        `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    asked,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('lantern ask with a model named on the command line', () => {
  it('--llm-url and --model answer through that model, its citations checked, with its follow-up questions', async () => {
    const model = await startModelServer();
    try {
      const env = { LANTERN_DATA_DIR: tempDataDir(), LANTERN_ENGINE_URL_GOOGLE: site.engine };
      const args = [
        'ask',
        'How much caffeine is in a shot of espresso?',
        '--pages',
        '1',
        '--allow-private',
        '--json',
        '--llm-url',
        model.baseUrl,
        '--model',
        'tiny-model',
      ];
      const run = await runCliInProcess(args, env);
      expect(run.code).toBe(0);
      const response = AnswerResponseSchema.parse(JSON.parse(run.stdout));
      expect(response.composer).toBe('llm');
      expect(response.answer).toBe('A single shot of espresso has about 63 mg of caffeine [1].');
      // Its retelling ("has" for the page's "contains") read by the model, as said in --json.
      expect(response.sentences[0]?.citations[0]).toMatchObject({ n: 1, supported: true, readBy: 'model' });
      expect(response.followUps.slice(0, 3)).toEqual([
        'What is a doppio?',
        'Is espresso stronger than drip coffee?',
        'How is decaf espresso made?',
      ]);
      // The answer, the reading of its quote, the follow-ups.
      expect(model.asked.map((a) => a.model)).toEqual(['tiny-model', 'tiny-model', 'tiny-model']);
      // Without the flags the settings name no model: the same question is answered extractively.
      const plain = await runCliInProcess(args.slice(0, 6), env);
      expect(AnswerResponseSchema.parse(JSON.parse(plain.stdout)).composer).toBe('extractive');
      expect(model.asked).toHaveLength(3);
    } finally {
      await model.close();
    }
  });

  it('sends the key the desktop app stored: `lantern ask --composer llm` after the app set it', async () => {
    const model = await startModelServer();
    try {
      const dataDir = tempDataDir();
      writeFileSync(
        join(dataDir, 'settings.json'),
        JSON.stringify({ version: 1, llm: { preset: 'custom', baseUrl: model.baseUrl, model: 'tiny-model' } }),
      );
      // The desktop app's settings screen, through its IPC door (AccessService).
      expect(await new AccessService(dataDir, 'desktop app').setLlmKey({ key: 'sk-set-in-the-app' })).toMatchObject({
        hasKey: true,
      });
      const run = await runCliInProcess(
        [
          'ask',
          'How much caffeine is in a shot of espresso?',
          '--pages',
          '1',
          '--allow-private',
          '--json',
          '--composer',
          'llm',
        ],
        {
          LANTERN_DATA_DIR: dataDir,
          LANTERN_ENGINE_URL_GOOGLE: site.engine,
        },
      );
      expect(run.code).toBe(0);
      expect(AnswerResponseSchema.parse(JSON.parse(run.stdout)).composer).toBe('llm');
      expect(model.asked[0]?.authorization).toBe('Bearer sk-set-in-the-app');
    } finally {
      await model.close();
    }
  });

  it('refuses an --llm-url that is not an http(s) URL, saying which setting to fix, and answers extractively', async () => {
    const env = { LANTERN_DATA_DIR: tempDataDir() };
    const run = await runCliInProcess(
      [
        'ask',
        'At what temperature should green tea be brewed?',
        '--url',
        `${site.pages}/green-tea`,
        '--allow-private',
        '--json',
        '--llm-url',
        'ftp://x',
        '--model',
        'm',
      ],
      env,
    );
    expect(run.code).toBe(0);
    const response = AnswerResponseSchema.parse(JSON.parse(run.stdout));
    expect(response.composer).toBe('extractive');
    expect(response.llmError).toMatchObject({ code: 'LLM_FAILED' });
  });
});
