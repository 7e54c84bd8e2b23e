/**
 * The render fallback with a real Chromium: a page built by scripts yields almost nothing to
 * static extraction, so it is rendered and extracted again; a static page is not rendered.
 */
import http from 'node:http';
import type net from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChromiumPageLoader } from '../../src/main/browser/chromium';
import { findChrome } from '../../src/main/browser/find-chrome';
import { renderWith } from '../../src/main/node-runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetchService } from '../../src/main/fetch/service';
import { FetchPageSchema } from '../../src/shared/fetch-contract';
import type { RenderPage } from '../../src/main/fetch/types';

const PARAGRAPHS = [
  'Lighthouses guided ships along dangerous coasts for centuries before satellite navigation existed.',
  'Each light had its own pattern of flashes, so sailors could tell one headland from another at night.',
  'Keepers lived at the stations, trimming wicks, winding clockwork and logging the weather every few hours.',
  'Automation arrived in the twentieth century, and most stations now run without anyone living on site.',
];

const APP_JS = `
  const root = document.getElementById('root');
  const article = document.createElement('article');
  const h1 = document.createElement('h1');
  h1.textContent = 'Lights on the Coast';
  article.appendChild(h1);
  for (const text of ${JSON.stringify(PARAGRAPHS)}) {
    const p = document.createElement('p');
    p.textContent = text;
    article.appendChild(p);
  }
  root.appendChild(article);
  document.title = 'Lights on the Coast';
`;

const SHELL =
  '<!doctype html><html><head><title>Loading…</title></head><body><div id="root"></div><script src="/app.js"></script></body></html>';
const STATIC = `<!doctype html><html><head><title>Static</title></head><body><article><h1>Static</h1>${PARAGRAPHS.map((p) => `<p>${p}</p>`).join('')}</article></body></html>`;

let server: http.Server;
let base: string;
const rendered: string[] = [];

let loader: ChromiumPageLoader;
/** The production render wiring: the Chromium PageLoader with the URL policy on every request. */
let productionRender: RenderPage;
const render: RenderPage = async (url, options) => {
  rendered.push(url);
  return productionRender(url, options);
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/app') res.writeHead(200, { 'content-type': 'text/html' }).end(SHELL);
    else if (req.url === '/app.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(APP_JS);
    else if (req.url === '/static') res.writeHead(200, { 'content-type': 'text/html' }).end(STATIC);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  loader = new ChromiumPageLoader({ executablePath: findChrome(), userDataDir: mkdtempSync(join(tmpdir(), 'lantern-test-')) });
  productionRender = renderWith(loader);
});

afterAll(async () => {
  await loader?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

describe('render fallback', () => {
  it('renders a script-built page in Chromium and extracts its text', async () => {
    const fetcher = createFetchService({ render, settings: () => ({ allowPrivateNetworks: true }) });
    const page = FetchPageSchema.parse(await fetcher.fetch({ url: `${base}/app` }));
    expect(page.rendered).toBe(true);
    expect(page.title).toBe('Lights on the Coast');
    for (const paragraph of PARAGRAPHS) expect(page.markdown).toContain(paragraph);
    expect(page.wordCount).toBe(62); // the four paragraphs; the title is not counted
    expect(rendered).toEqual([`${base}/app`]);
  });

  it('does not render a page whose static HTML has the content, nor when told never', async () => {
    rendered.length = 0;
    const fetcher = createFetchService({ render, settings: () => ({ allowPrivateNetworks: true }) });
    const page = FetchPageSchema.parse(await fetcher.fetch({ url: `${base}/static` }));
    expect(page).toMatchObject({ rendered: false, title: 'Static' });
    const shell = FetchPageSchema.parse(await fetcher.fetch({ url: `${base}/app`, render: 'never' }));
    expect(shell.rendered).toBe(false);
    expect(rendered).toEqual([]);
  });

  it('checks the URL policy again before rendering: a name resolving to a blocked address by then is never rendered', async () => {
    rendered.length = 0;
    // The static fetch reaches a loopback alias listed as public; by render time the name points at
    // 127.0.0.1, which the policy refuses, so the browser is never given the URL.
    const alias = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(SHELL));
    await new Promise<void>((resolve) => alias.listen(0, '127.0.0.2', resolve));
    const port = (alias.address() as net.AddressInfo).port;
    let lookups = 0;
    const fetcher = createFetchService({
      render,
      settings: () => ({ publicRanges: ['127.0.0.2/32'] }),
      lookup: async () => [{ address: lookups++ === 0 ? '127.0.0.2' : '127.0.0.1', family: 4 }],
    });
    try {
      await expect(fetcher.fetch({ url: `http://spa.test:${port}/app`, render: 'always' })).rejects.toMatchObject({
        code: 'BLOCKED_URL',
        message: expect.stringContaining('127.0.0.1 (loopback)'),
      });
      // In auto mode the thin static page is returned instead of failing.
      lookups = 0;
      const page = FetchPageSchema.parse(await fetcher.fetch({ url: `http://spa.test:${port}/app` }));
      expect(page.rendered).toBe(false);
      expect(rendered).toEqual([]);
    } finally {
      alias.closeAllConnections();
      await new Promise((resolve) => alias.close(resolve));
    }
  });

  it('blocks the requests a rendered page makes to private addresses', async () => {
    // A page on an address treated as public whose script calls a loopback service.
    const secrets: string[] = [];
    const inside = http.createServer((req, res) => {
      secrets.push(req.url ?? '');
      res.writeHead(200, { 'access-control-allow-origin': '*' }).end('secret');
    });
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.2', resolve));
    const insidePort = (inside.address() as net.AddressInfo).port;
    const probe = http.createServer((req, res) => {
      if (req.url === '/probe.js') {
        res.writeHead(200, { 'content-type': 'text/javascript' }).end(`${APP_JS}
          fetch('http://127.0.0.2:${insidePort}/from-fetch').catch(() => {});
          const img = new Image(); img.src = 'http://127.0.0.2:${insidePort}/from-img';`);
      } else {
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<!doctype html><html><head><title>Loading…</title></head><body><div id="root"></div><script src="/probe.js"></script></body></html>');
      }
    });
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const probePort = (probe.address() as net.AddressInfo).port;
    try {
      const fetcher = createFetchService({ render, settings: () => ({ publicRanges: ['127.0.0.1/32'] }) });
      const page = FetchPageSchema.parse(await fetcher.fetch({ url: `http://127.0.0.1:${probePort}/app`, render: 'always' }));
      expect(page.rendered).toBe(true);
      expect(page.title).toBe('Lights on the Coast');
      expect(secrets).toEqual([]);
    } finally {
      for (const server of [inside, probe]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    }
  });

  it('refuses what the browser ended up on when it is a blocked address', async () => {
    const fetcher = createFetchService({
      settings: () => ({ publicRanges: ['127.0.0.1/32'] }),
      // A page whose script navigated to the metadata address.
      render: async () => ({
        finalUrl: 'http://169.254.169.254/latest/',
        status: 200,
        html: '<p>creds</p>',
        title: '',
      }),
    });
    await expect(fetcher.fetch({ url: `${base}/app`, render: 'always' })).rejects.toMatchObject({
      code: 'BLOCKED_URL',
    });
  });
});
