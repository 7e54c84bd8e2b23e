/**
 * The settings screen's model key in web mode, over a data dir an earlier desktop version left
 * with its key encrypted (llm-key.enc, which only the desktop app can decrypt): the screen says
 * so and what to do; saving the key again ends it, and the key is the file every runtime reads.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { readSecret } from '../../src/main/settings/secrets';
import { startAnswerSite, type AnswerSite } from '../support/answer-site';
import { startWebMode, type WebMode } from './support/web-mode';

let site: AnswerSite;
let web: WebMode;

test.beforeAll(async () => {
  site = await startAnswerSite();
  const dataDir = mkdtempSync(join(tmpdir(), 'lantern-ui-secrets-'));
  writeFileSync(join(dataDir, 'llm-key.enc'), Buffer.from('v11 ciphertext of an earlier desktop version'), {
    mode: 0o600,
  });
  web = await startWebMode({ engine: site.engine, dataDir });
});

test.afterAll(async () => {
  await web?.close();
  await site?.close();
});

test('a key still encrypted by an earlier desktop version is shown as a problem until the key is saved again', async ({
  page,
}) => {
  await page.goto(web.loginUrl());
  await page.getByRole('button', { name: 'Settings' }).click();
  // The key sits with the model it is for.
  const section = page.getByRole('group', { name: 'Model' });
  await expect(section.getByRole('alert')).toContainText(
    'still encrypted (llm-key.enc), which only the desktop app can read',
  );
  await expect(section).toContainText('API key: none stored');
  await section.getByLabel('API key').fill('sk-entered-again');
  await section.getByRole('button', { name: 'Save key' }).click();
  await expect(section).toContainText('API key: a key is stored.');
  await expect(section.getByRole('alert')).toHaveCount(0);
  expect(readSecret(web.dataDir, 'llm-key')).toBe('sk-entered-again');
});
