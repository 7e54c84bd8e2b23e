/**
 * `lantern ask` through the built CLI, end to end: a stand-in Google on 127.0.0.1 (real Chromium,
 * the real Google parser) whose results link to hand-made pages on another loopback server; the
 * pages are read with the private-network permission, and the turn lands in the history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerResponseSchema } from '../../src/shared/answer-contract';
import { startAnswerSite, type AnswerSite } from '../support/answer-site';
import { runCli, tempDataDir } from '../support/run-cli';

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
    const run = await runCli(['ask', 'How much caffeine is in a shot of espresso?', '--pages', '3', '--allow-private'], env);
    expect(run.stderr).toMatch(/^searching…\nfound 3 sources\n(reading [123]\/3 .*\n){3}writing…\nchecking… 100% of citations supported\ndone in \d+ ms\n$/);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        'A single shot of espresso contains about 63 mg of caffeine. [1]',
        '',
        'Sources:',
        `[1] Espresso, explained (${site.pages}/espresso)`,
        `[2] Green tea basics (${site.pages}/green-tea)`,
        `[3] Roasting coffee at home (${site.pages}/roasting)`,
        '',
      ].join('\n'),
    );

    const list = await runCli(['history', 'list'], env);
    expect(list.stdout).toMatch(/^#1 {2}How much caffeine is in a shot of espresso\? {2}— 1 turn/);
    const shown = await runCli(['history', 'show', '1'], env);
    expect(shown.stdout).toContain('(answer, ');
    expect(shown.stdout).toContain('A single shot of espresso contains about 63 mg of caffeine. [1]');
    expect(shown.stdout).toContain(`1. Espresso, explained — ${site.pages}/espresso`);
    const exported = await runCli(['history', 'export', '1', '--md'], env);
    expect(exported.stdout).toContain('A single shot of espresso contains about 63 mg of caffeine. [^1]');
    expect(exported.stdout).toContain(`[^1]: Espresso, explained. <${site.pages}/espresso>`);
    const found = await runCli(['history', 'search', 'caffeine'], env);
    expect(found.stdout).toMatch(/^thread #1 /);
  });

  it('prints the AnswerResponse with --json, with follow-ups from the results page', async () => {
    const env = { LANTERN_DATA_DIR: tempDataDir(), LANTERN_ENGINE_URL_GOOGLE: site.engine };
    const run = await runCli(['ask', 'How', 'much', 'caffeine', 'is', 'in', 'a', 'shot', 'of', 'espresso?', '--json', '--allow-private'], env);
    expect(run.code).toBe(0);
    const response = AnswerResponseSchema.parse(JSON.parse(run.stdout));
    expect(response.question).toBe('How much caffeine is in a shot of espresso?');
    expect(response.sources).toHaveLength(3);
    expect(response.sentences[0]?.citations[0]).toMatchObject({ n: 1, supported: true });
    expect(response.followUps).toEqual(['Is espresso stronger than drip coffee?', 'espresso vs ristretto', 'how to pull an espresso shot']);
    expect(response.threadId).toBe(1);
  });

  it('says plainly when the pages do not answer the question', async () => {
    const env = { LANTERN_DATA_DIR: tempDataDir(), LANTERN_ENGINE_URL_GOOGLE: site.engine };
    const run = await runCli(['ask', 'What is the boiling point of mercury?', '--allow-private'], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^The sources do not answer this question\. What they cover:\n\n- Espresso, explained\n- Green tea basics\n- Roasting coffee at home\n\nSources:\n\[1\] Espresso/);
    // Nothing was cited, so nothing was "100 % supported".
    expect(run.stderr).toContain('checking… no citations to check\n');
  });

  it('reads given pages with --url, and refuses bad input with exit code 2', async () => {
    const env = { LANTERN_DATA_DIR: tempDataDir() };
    const run = await runCli(['ask', 'At what temperature should green tea be brewed?', '--url', `${site.pages}/green-tea`, '--allow-private'], env);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe('Brewing green tea at around 80 degrees Celsius keeps it from turning bitter. [1]');
    const bad = await runCli(['ask', 'q', '--composer', 'clever', '--json'], env);
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stdout)).toMatchObject({ error: { code: 'INVALID_INPUT' } });
    expect(JSON.parse(bad.stdout).error.message).toMatch(/composer/);
    // Without --allow-private the loopback page is refused, and with no page read there is no answer.
    const blocked = await runCli(['ask', 'At what temperature should green tea be brewed?', '--url', `${site.pages}/green-tea`], env);
    expect(blocked.code).toBe(1);
    expect(blocked.stdout).toBe('');
    expect(blocked.stderr).toMatch(/\nerror BLOCKED_URL: None of the 1 pages could be read/);
    const pages = await runCli(['ask', 'q', '--pages', '0'], env);
    expect(pages.code).toBe(2);
    expect(pages.stderr).toMatch(/--pages must be a whole number from 1 to 10/);
  });
});
