/**
 * `lantern fetch --render always` through the CLI (in process): the render fallback as wired in the
 * headless runtime (its own Chromium, the render proxy, the sandbox setting from settings.json).
 */
import http from 'node:http';
import type net from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxUnavailable } from '../../src/main/browser/chromium';
import { FetchPageSchema } from '../../src/shared/fetch-contract';
import { runCliInProcess, tempDataDir } from '../support/run-cli';

const SHELL =
  '<!doctype html><html><head><title>Loading…</title></head><body><div id="root"></div><script src="/app.js"></script></body></html>';
const APP_JS = `
  document.title = 'Tide Tables';
  const article = document.createElement('article');
  for (let i = 0; i < 8; i++) {
    const p = document.createElement('p');
    p.textContent = 'Paragraph ' + i + ' about the tides: high water comes twice a day, about fifty minutes later each day.';
    article.appendChild(p);
  }
  document.getElementById('root').appendChild(article);
`;

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/app.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(APP_JS);
    else res.writeHead(200, { 'content-type': 'text/html' }).end(SHELL);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('lantern fetch --render always', () => {
  // As root Chromium's sandbox cannot start: the default refuses, the setting allows.
  it.runIf(sandboxUnavailable())('as root, refuses to render until settings.json allows it', async () => {
    const dataDir = tempDataDir();
    const refused = await runCliInProcess(['fetch', `${base}/app`, '--allow-private', '--render', 'always', '--json'], {
      LANTERN_DATA_DIR: dataDir,
    });
    expect(refused.code).not.toBe(0);
    const { error } = JSON.parse(refused.stdout) as { error: { code: string; message: string } };
    expect(error.code).toBe('FETCH_FAILED');
    expect(error.message).toContain('"renderWithoutSandbox": true');

    writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ fetch: { renderWithoutSandbox: true } }));
    const allowed = await runCliInProcess(['fetch', `${base}/app`, '--allow-private', '--render', 'always', '--json'], {
      LANTERN_DATA_DIR: dataDir,
    });
    expect(allowed.stderr).toBe('');
    expect(allowed.code).toBe(0);
    const page = FetchPageSchema.parse(JSON.parse(allowed.stdout));
    expect(page).toMatchObject({ rendered: true, title: 'Tide Tables' });
    expect(page.markdown).toContain('Paragraph 7 about the tides');
  });
});
