/**
 * The desktop app end to end, as a person runs it the first time: the built app in Electron
 * (tests/electron/support/desktop-app.ts) on a temporary data dir, its Google the loopback
 * stand-in of tests/support/answer-site.ts. A question gets a cited answer from the hidden search
 * window, and its thread exports as a PDF the app prints; a CAPTCHA shows that window, the test plays the person and the question finishes;
 * `lantern mcp` relays to the app's local API; quitting leaves nothing behind. The selectors are
 * the web UI tests' (tests/ui): the desktop app runs the same renderer over IPC.
 */
import { existsSync, readdirSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect, test, type Page } from '@playwright/test';
import { discoveryPath, readDiscovery } from '../../src/main/doors/http/discovery';
import { ANSWER_SITE_QUERIES, startAnswerSite, type AnswerSite } from '../support/answer-site';
import { PROJECT_ROOT } from '../support/run-cli';
import { isRunning, launchDesktopApp, processTree, type DesktopApp } from './support/desktop-app';

let site: AnswerSite;
let desktop: DesktopApp;
let page: Page;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  site = await startAnswerSite();
  desktop = await launchDesktopApp({ engine: site.engine });
  page = desktop.window;
});

test.afterAll(async () => {
  // Only when a test failed before quitting: the last test quits the app itself.
  if (desktop?.app.process().exitCode === null) await desktop.app.close();
  await site?.close();
});

async function ask(question: string): Promise<void> {
  const box = page.getByRole('textbox', { name: /^(Question|Follow-up question)$/ });
  await box.fill(question);
  await box.press('Enter');
}

test('a question gets an answer with citation chips, searched in the hidden window', async () => {
  await expect(page.getByRole('heading', { name: 'What do you want to find out?' })).toBeVisible();
  await ask('How much caffeine is in a shot of espresso?');
  const answer = page.getByRole('article', { name: 'Answer' });
  await expect(answer.getByRole('button', { name: /^Source 1, supported$/ }).first()).toBeVisible();
  await expect(answer).toContainText('63 mg');
  await expect(page.locator('.source-card')).toHaveCount(3);
  // The search window searched and stayed hidden: only the UI's window is visible.
  const visible = await desktop.app.evaluate(
    ({ BrowserWindow }) => BrowserWindow.getAllWindows().filter((w) => w.isVisible()).length,
  );
  expect(visible).toBe(1);
  expect(site.searches.length).toBeGreaterThan(0);
});

test('the answer exports as a PDF printed by the app (webContents.printToPDF), its question and source URLs in the text', async () => {
  // The bridge's channels, as the renderer's IPC client calls them (src/preload/bridge.ts).
  type Bridge = Record<
    string,
    (request: unknown) => Promise<{ ok: boolean; value?: unknown; error?: { message: string } }>
  >;
  const exported = await page.evaluate(async () => {
    const bridge = (window as unknown as { lantern: Bridge }).lantern;
    const threads = (await bridge['history:list']!({})).value as Array<{ id: number }>;
    const id = threads[0]!.id;
    const thread = (await bridge['history:get']!({ id })).value as {
      turns: Array<{ question: string; sources: Array<{ url: string }> }>;
    };
    const pdf = await bridge['history:export']!({ id, format: 'pdf' });
    if (!pdf.ok) throw new Error(pdf.error?.message);
    return {
      question: thread.turns[0]!.question,
      urls: thread.turns[0]!.sources.map((s) => s.url),
      bytes: Array.from((pdf.value as { data: Uint8Array }).data),
    };
  });
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: new Uint8Array(exported.bytes), isEvalSupported: false, verbosity: 0 })
    .promise;
  let text = '';
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join('');
  }
  await document.destroy();
  const squeezed = (value: string): string => value.replace(/\s+/g, '');
  expect(squeezed(text)).toContain(squeezed(exported.question));
  for (const url of exported.urls) expect(squeezed(text)).toContain(squeezed(url));
});

test('Google asks for a CAPTCHA: the search window shows, the person solves it, the question finishes', async () => {
  await page.getByRole('button', { name: 'New' }).click();
  await ask(`${ANSWER_SITE_QUERIES.captchaOnce}: how much caffeine is in espresso`);
  const banner = page.getByRole('region', { name: 'Google verification' });
  await expect(banner).toContainText("Google wants to confirm you're human");
  await banner.getByRole('button', { name: 'Solve now' }).click();

  // The hidden search window is shown on the blocked page (src/main/doors/electron/reveal-window.ts).
  // Its URL, not its title: a page's <title> replaces the window's ('page-title-updated').
  await expect
    .poll(() =>
      desktop.app.evaluate(({ BrowserWindow }) =>
        BrowserWindow.getAllWindows()
          .filter((w) => w.isVisible())
          .map((w) => new URL(w.webContents.getURL()).pathname),
      ),
    )
    .toContain('/sorry/index');
  const searchWindow = desktop.app.windows().find((candidate) => candidate.url().includes('/sorry/'));
  expect(searchWindow, 'the search window on the CAPTCHA page').toBeDefined();
  await searchWindow!.locator('#captcha-form').waitFor();
  await searchWindow!.getByLabel("I'm not a robot").check();
  await searchWindow!.locator('#solve').click();

  // The same question goes on by itself, and the search window hides again.
  const answer = page.getByRole('article', { name: 'Answer' });
  await expect(answer.getByRole('button', { name: /^Source 1/ }).first()).toBeVisible({ timeout: 90_000 });
  await expect(answer).toContainText('63 mg');
  await expect(banner).toHaveCount(0);
  await expect
    .poll(() =>
      desktop.app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().filter((w) => w.isVisible()).length),
    )
    .toBe(1);
});

test("`lantern mcp` relays a search to the app's local API", async () => {
  const discovery = readDiscovery(desktop.dataDir);
  expect(discovery?.pid).toBe(desktop.app.process().pid);
  let stderr = '';
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['bin/lantern.js', 'mcp'],
    cwd: PROJECT_ROOT,
    env: desktop.env,
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'lantern-electron-test', version: '0' });
  await client.connect(transport);
  try {
    const before = site.searches.length;
    const result = (await client.callTool(
      { name: 'web_search', arguments: { query: 'espresso basics', limit: 3 } },
      CallToolResultSchema,
      { timeout: 60_000 },
    )) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const text = result.content[0]?.type === 'text' ? result.content[0].text : '';
    expect(text.split('\n')[0]).toMatch(/^A Google search for 'espresso basics' found \d+ results:$/);
    // Relayed with the token the app checks (one secret store), and searched by the app's window.
    expect(stderr).toContain(
      `lantern mcp: serving on stdio through the running server at http://127.0.0.1:${discovery!.port}`,
    );
    expect(site.searches.length).toBe(before + 1);
  } finally {
    await client.close();
  }
});

test('quitting leaves no process, no lock and no discovery file', async () => {
  const main = desktop.app.process();
  const started = processTree(main.pid!);
  expect(started.length).toBeGreaterThan(1); // the main process and Chromium's helpers
  const exited = new Promise<number | null>((resolve) => main.once('exit', (code) => resolve(code)));
  // As the person quits: closing the UI's window quits the app (src/main/index.ts).
  await (await desktop.app.browserWindow(page)).evaluate((window) => window.close());
  expect(await exited).toBe(0);
  await expect.poll(() => started.filter(isRunning)).toEqual([]);
  expect(existsSync(discoveryPath(desktop.dataDir))).toBe(false);
  // Chromium's single-instance lock in userData: a symlink to a name that is no file on Linux and
  // macOS (so listed, not followed by existsSync); a mutex on Windows.
  if (process.platform !== 'win32') expect(readdirSync(desktop.dataDir)).not.toContain('SingletonLock');
});
