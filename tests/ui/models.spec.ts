/**
 * A model at hand, in web mode: stand-ins of Ollama and LM Studio on loopback shaped as their
 * docs say (tests/support/model-servers.ts), and a test catalog (LANTERN_MODEL_CATALOG) whose
 * small file comes from a loopback file server the test holds half-way and releases, so the
 * download is seen under way without racing it.
 * - First run with exactly one chat model on this computer: it is taken and said so, "Change"
 *   leads to Settings, where the servers are listed with their chat models (no embedding model);
 *   "Look again" finds a server started since; one click chooses its model; the test says it works.
 * - The catalog with size, memory, fit, licence and an estimate; Download → a progress bar with
 *   bytes and speed → Cancel → ready again; Download → checked → Use.
 * - Jan, which lists its models only with its API key: a wrong key is said to be refused, the right
 *   one lists its model, one click uses it.
 * Each screen checked with axe-core in light and dark at 1280×800 and 390×844 (checkScreen).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startAnswerSite, type AnswerSite } from '../support/answer-site';
import {
  fakeJan,
  fakeOllama,
  json,
  serveModelFile,
  serveRoutes,
  writeTestCatalog,
  type ModelFileServer,
  type Served,
} from '../support/model-servers';
import { checkScreen, WIDE } from './support/ui-checks';
import { startWebMode, type WebMode } from './support/web-mode';

let site: AnswerSite;
let web: WebMode;
let page: Page;
let ollama: Served;
let lmStudio: Served;
let jan: Served;
let file: ModelFileServer;
/** LM Studio answers only once "started". */
let lmStudioOn = false;

test.describe.configure({ mode: 'serial' });

const LM_STUDIO_MODELS = {
  object: 'list',
  data: [
    {
      id: 'meta-llama-3.1-8b-instruct',
      object: 'model',
      type: 'llm',
      publisher: 'lmstudio-community',
      arch: 'llama',
      compatibility_type: 'gguf',
      quantization: 'Q4_K_M',
      state: 'loaded',
      max_context_length: 131072,
    },
    {
      id: 'text-embedding-nomic-embed-text-v1.5',
      object: 'model',
      type: 'embeddings',
      publisher: 'nomic-ai',
      arch: 'nomic-bert',
      compatibility_type: 'gguf',
      quantization: 'Q4_0',
      state: 'not-loaded',
      max_context_length: 2048,
    },
  ],
};

test.beforeAll(async ({ browser }) => {
  site = await startAnswerSite();
  [ollama, file, jan] = await Promise.all([fakeOllama(), serveModelFile(), fakeJan('jan-secret')]);
  const notThere = (res: Parameters<Parameters<typeof serveRoutes>[0][string]>[0]): void =>
    void res.writeHead(404).end();
  lmStudio = await serveRoutes({
    '/api/v0/models': (res) => (lmStudioOn ? json(LM_STUDIO_MODELS)(res) : notThere(res)),
    '/v1/models': (res) =>
      lmStudioOn
        ? json({
            object: 'list',
            data: LM_STUDIO_MODELS.data.map(({ id }) => ({ id, object: 'model', owned_by: 'organization_owner' })),
          })(res)
        : notThere(res),
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'lantern-ui-models-'));
  web = await startWebMode({
    engine: site.engine,
    dataDir,
    env: {
      LANTERN_MODEL_SERVERS: `ollama=${ollama.origin},lmstudio=${lmStudio.origin},jan=${jan.origin}`,
      LANTERN_MODEL_CATALOG: writeTestCatalog(dataDir, file),
    },
  });
  page = await (await browser.newContext({ viewport: WIDE })).newPage();
});

test.afterAll(async () => {
  file?.release();
  await page?.context().close();
  await web?.close();
  await Promise.all([site?.close(), ollama?.close(), lmStudio?.close(), jan?.close(), file?.close()]);
});

const llmSettings = (): Record<string, unknown> =>
  (JSON.parse(readFileSync(join(web.dataDir, 'settings.json'), 'utf8')) as { llm?: Record<string, unknown> }).llm ?? {};

test('the one model found on this computer is taken at first run; Settings lists what runs here and one click chooses another', async () => {
  await page.goto(web.loginUrl());
  const notice = page.getByRole('status').filter({ hasText: 'A model was found' });
  await expect(notice).toHaveText(/^A model was found: answers will be written by qwen3:4b \(Ollama\)\. Change/);
  expect(llmSettings()).toMatchObject({ preset: 'custom', baseUrl: `${ollama.origin}/v1`, model: 'qwen3:4b' });
  await checkScreen(page, 'models-first-run');

  await notice.getByRole('button', { name: 'Change' }).click();
  const model = page.getByRole('group', { name: 'Model' });
  const found = model.getByRole('region', { name: 'Found on this computer' });
  await expect(found).toContainText(`Ollama 0.12.6 at ${ollama.origin}/v1`);
  await expect(found.getByRole('listitem').filter({ hasText: 'qwen3:4b' })).toContainText('In use');
  await expect(found).not.toContainText('nomic-embed-text');

  // LM Studio starts; Look again finds it.
  lmStudioOn = true;
  await found.getByRole('button', { name: 'Look again' }).click();
  await expect(found).toContainText(`LM Studio at ${lmStudio.origin}/v1`);
  await expect(found).not.toContainText('text-embedding');
  await found.getByRole('button', { name: 'Use meta-llama-3.1-8b-instruct (LM Studio)' }).click();
  await expect(
    model.getByRole('status').filter({ hasText: 'Answers will be written by meta-llama-3.1-8b-instruct (LM Studio).' }),
  ).toBeVisible();
  await expect(found.getByRole('listitem').filter({ hasText: 'meta-llama-3.1-8b-instruct' })).toContainText('In use');
  await expect(model.getByLabel('Model', { exact: true })).toHaveValue('meta-llama-3.1-8b-instruct');
  expect(llmSettings()).toMatchObject({
    preset: 'custom',
    baseUrl: `${lmStudio.origin}/v1`,
    model: 'meta-llama-3.1-8b-instruct',
  });

  await model.getByRole('button', { name: 'Test the model' }).click();
  await expect(model.getByRole('status').filter({ hasText: 'It works' })).toHaveText(
    `It works: meta-llama-3.1-8b-instruct answers at ${lmStudio.origin}/v1.`,
  );
  await found.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await checkScreen(page, 'models-found');
});

test('the catalog shows each model’s cost and fit; a download shows its progress, can be cancelled, and once checked can be used', async () => {
  const model = page.getByRole('group', { name: 'Model' });
  const tiny = model.getByRole('listitem', { name: 'Tiny Chat 1B (test)' });
  const huge = model.getByRole('listitem', { name: 'Huge Chat 70B (test)' });
  await expect(tiny).toContainText('On disk200 kB');
  await expect(tiny).toContainText('Memory to answerabout 1.0 GB');
  await expect(tiny).toContainText('LicenceApache-2.0');
  await expect(tiny).toContainText(/Speedabout \d+ (s|min) per answer on this machine's CPU/);
  await expect(huge).toContainText('Too big for this computer');
  await expect(huge.getByRole('button', { name: 'Download Huge Chat 70B (test)' })).toBeDisabled();

  file.hold();
  await tiny.getByRole('button', { name: 'Download Tiny Chat 1B (test)' }).click();
  await file.held();
  await expect(tiny.getByRole('progressbar', { name: 'Downloading Tiny Chat 1B (test)' })).toBeVisible();
  await expect(tiny.getByRole('status')).toHaveText(
    /^\d+ kB of 200 kB · [\d.]+ (k|M|G)?B\/s · (about \d+ (s|min)|under a second) left$/,
  );
  await tiny.scrollIntoViewIfNeeded();
  await checkScreen(page, 'models-downloading');

  await tiny.getByRole('button', { name: 'Cancel' }).click();
  await expect(tiny.getByRole('status')).toHaveText('Cancelled. What arrived is kept: Download goes on from there.');
  await expect(tiny.getByRole('progressbar')).toHaveCount(0);
  file.release();

  await tiny.getByRole('button', { name: 'Download Tiny Chat 1B (test)' }).click();
  await expect(tiny).toContainText('Downloaded and checked.');
  await tiny.getByRole('button', { name: 'Use Tiny Chat 1B (test)' }).click();
  await expect(tiny).toContainText('In use');
  await expect(
    model
      .getByRole('status')
      .filter({ hasText: 'Answers will be written by Tiny Chat 1B (test), run by Lantern on this computer.' }),
  ).toBeVisible();
  expect(llmSettings()).toMatchObject({ preset: 'local', model: 'tiny-chat' });
  // The server's model is no longer the one in use.
  await expect(model.getByRole('region', { name: 'Found on this computer' })).not.toContainText('In use');
  await tiny.scrollIntoViewIfNeeded();
  await checkScreen(page, 'models-ready');
});

test('Jan, which shows its models only with its key: a wrong key is said to be refused, the right one lists its model to use', async () => {
  const model = page.getByRole('group', { name: 'Model' });
  const found = model.getByRole('region', { name: 'Found on this computer' });
  const janBlock = found.locator('.found-server').filter({ hasText: `Jan at ${jan.origin}/v1` });
  await expect(janBlock.getByRole('status')).toContainText(
    'Jan runs here and shows its models only with its API key (in Jan: Settings › Local API Server).',
  );
  await janBlock.scrollIntoViewIfNeeded();
  await checkScreen(page, 'models-jan-key');
  await janBlock.getByLabel('API key for Jan').fill('not-the-key');
  await janBlock.getByRole('button', { name: 'Connect' }).click();
  await expect(found.locator('.found-server').filter({ hasText: 'Jan' }).getByRole('status')).toContainText(
    'Jan refused that key: check it (in Jan: Settings › Local API Server) and try again.',
  );
  expect(llmSettings()).toMatchObject({ preset: 'custom', baseUrl: `${jan.origin}/v1` });

  await found.getByLabel('API key for Jan').fill('jan-secret');
  await found.getByLabel('API key for Jan').press('Enter');
  await found.getByRole('button', { name: 'Use Jan-v3-4b-base-instruct-Q4_K_XL (Jan)' }).click();
  await expect(found.getByRole('listitem').filter({ hasText: 'Jan-v3-4b-base-instruct-Q4_K_XL' })).toContainText(
    'In use',
  );
  expect(llmSettings()).toMatchObject({
    preset: 'custom',
    baseUrl: `${jan.origin}/v1`,
    model: 'Jan-v3-4b-base-instruct-Q4_K_XL',
  });
  await model.getByRole('button', { name: 'Test the model' }).click();
  await expect(model.getByRole('status').filter({ hasText: 'It works' })).toHaveText(
    `It works: Jan-v3-4b-base-instruct-Q4_K_XL answers at ${jan.origin}/v1.`,
  );
  await found.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await checkScreen(page, 'models-jan');
  await expect(model.getByRole('note')).toHaveText(
    'The model runs on this computer: the pages and your library’s passages it reads stay here.',
  );
});

test('a model elsewhere is said to receive the pages and the library’s passages', async () => {
  const model = page.getByRole('group', { name: 'Model' });
  await model.getByLabel('Runs on').selectOption({ label: 'OpenAI' });
  await model.getByLabel('Model', { exact: true }).fill('gpt-4o-mini');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(model.getByRole('note')).toHaveText(
    'The model runs at api.openai.com: each answer sends it the pages’ text, and your library’s passages when the answer looks there.',
  );
});

test('the model test says clearly when nothing answers at the model’s address', async () => {
  const model = page.getByRole('group', { name: 'Model' });
  await model.getByLabel('Runs on').selectOption({ label: 'Other (OpenAI-compatible)' });
  // Port 9 (discard) has no listener here: the connection is refused.
  await model.getByRole('textbox', { name: 'Address (base URL)' }).fill('http://127.0.0.1:9/v1');
  await model.getByLabel('Model', { exact: true }).fill('qwen3:4b');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await model.getByRole('button', { name: 'Test the model' }).click();
  await expect(model.locator('.model-test .error-box')).toContainText('127.0.0.1:9');
});
