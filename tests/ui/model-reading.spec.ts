/**
 * An answer the model wrote, in web mode against the stand-in Google (tests/support/answer-site.ts)
 * and an OpenAI-compatible stand-in on loopback: the chips first show the rules' check, then what
 * the model read in each quote (support-judge.ts), and say it is the model's reading — a retelling
 * the word count missed "says this, as the model reads it", a sentence the model reads as not said
 * is marked, and one whose name the page lacks stays the rules' "partly found".
 */
import http from 'node:http';
import type net from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { startAnswerSite, type AnswerSite } from '../support/answer-site';
import { askQuestion } from './support/ask';
import { checkScreen, WIDE } from './support/ui-checks';
import { startWebMode, type WebMode } from './support/web-mode';

const QUESTION = 'How much caffeine is in a shot of espresso?';
const ANSWER =
  'One pulled shot yields caffeine in the region of 63 mg [1]. ' +
  'Angelo Moriondo patented the first machines in Milan in 1884 [1]. ' +
  'Espresso is brewed by pushing cold water through fine grounds at around 9 bar [1].';

let site: AnswerSite;
let web: WebMode;
let page: Page;
let model: http.Server;
/** Held until the test has seen the rules' check on screen: the reading comes after it. */
let releaseReading: () => void = () => undefined;
const reading = new Promise<void>((resolve) => {
  releaseReading = resolve;
});

/** A whole (not streamed) chat completion, as the OpenAI API returns with stream off. */
function completion(res: http.ServerResponse, content: string): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      id: 'c1',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    }),
  );
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  site = await startAnswerSite();
  model = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url?.endsWith('/models')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data: [{ id: 'stand-in', object: 'model' }] }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
        messages?: { content: string }[];
      };
      const system = body.messages?.[0]?.content ?? '';
      if (system.startsWith('You check citations')) void reading.then(() => completion(res, '1: yes\n2: no'));
      else completion(res, ANSWER);
    });
  });
  await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
  const port = (model.address() as net.AddressInfo).port;
  web = await startWebMode({
    engine: site.engine,
    env: { LANTERN_LLM_BASE_URL: `http://127.0.0.1:${port}/v1`, LANTERN_LLM_MODEL: 'stand-in' },
  });
  page = await (await browser.newContext({ viewport: WIDE })).newPage();
});

test.afterAll(async () => {
  releaseReading();
  await page?.context().close();
  await web?.close();
  await site?.close();
  await new Promise<void>((resolve) => (model ? model.close(() => resolve()) : resolve()));
});

test("the chips show the rules' check, then the model's reading of each quote, and say whose it is", async () => {
  await page.goto(web.loginUrl());
  await askQuestion(page, QUESTION);
  const asked = page.getByRole('region', { name: QUESTION, exact: true });
  const chips = asked.locator('.answer-text .chip');
  await expect(chips).toHaveCount(3);
  // The rules first: the retelling's words are not the page's, the name is missing, the third passes.
  await expect(chips.nth(0)).toHaveAttribute('aria-label', 'Source 1, not found on the page');
  await expect(chips.nth(1)).toHaveAttribute('aria-label', 'Source 1, partly found on the page');
  await expect(chips.nth(2)).toHaveAttribute('aria-label', 'Source 1, found on the page');
  // While the model reads, the check is shown under way.
  await expect(asked.locator('[data-stage="checking"]')).toHaveAttribute('data-state', 'active');
  releaseReading();
  await expect(asked.locator('[data-stage="checking"]')).toHaveAttribute('data-state', 'done');
  await expect(chips.nth(0)).toHaveAttribute('aria-label', 'Source 1, says this as the model reads it');
  await expect(chips.nth(1)).toHaveAttribute('aria-label', 'Source 1, partly found on the page');
  await expect(chips.nth(2)).toHaveAttribute('aria-label', 'Source 1, does not say this as the model reads it');
  await expect(asked.locator('.answer-meta')).toBeVisible();

  await chips.nth(2).hover();
  const tip = asked.getByRole('tooltip').filter({ hasText: 'The model does not read this on the page' });
  await expect(tip).toBeVisible();
  await expect(tip).toContainText('the model does not read this in the passage; matched "9"');
  await expect(tip).toContainText('Espresso is a concentrated coffee made by forcing hot water');
  await checkScreen(page, 'answer-model-reading');
  await chips.nth(0).hover();
  await expect(
    asked.getByRole('tooltip').filter({ hasText: 'The page says this, as the model reads it' }),
  ).toBeVisible();
});
