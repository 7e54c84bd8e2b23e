/**
 * The render fallback with a real Chromium: a page built by scripts yields almost nothing to
 * static extraction, so it is rendered and extracted again; a static page is not rendered. The
 * render runs in its own browser whose every connection goes through Lantern's guarded proxy.
 */
import { createHash } from 'node:crypto';
import dgram from 'node:dgram';
import http from 'node:http';
import type net from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChromiumPageLoader } from '../../src/main/browser/chromium';
import { sandboxUnavailable } from '../../src/main/browser/chromium';
import { ChromiumRenderer } from '../../src/main/browser/chromium-renderer';
import { findChrome } from '../../src/main/browser/find-chrome';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFetchService } from '../../src/main/fetch/service';
import { FetchPageSchema, type FetchPage } from '../../src/shared/fetch-contract';
import type { LookupAll, RenderPage } from '../../src/main/fetch/types';
import { startService, startTwinServices, type LoopbackService } from '../support/loopback-service';

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

/** The production renderer; as root (CI) Chromium's sandbox cannot start, so the setting allows it. */
let renderer: ChromiumRenderer;
const render: RenderPage = async (url, options) => {
  rendered.push(url);
  return renderer.render(url, options);
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
  renderer = new ChromiumRenderer({ executablePath: findChrome(), allowWithoutSandbox: () => true });
});

afterAll(async () => {
  await renderer?.close();
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
          // Not an <img>: renders load no images, so an image request could never be sent anyway.
          document.head.append(Object.assign(document.createElement('script'), { src: 'http://127.0.0.2:${insidePort}/from-script' }));`);
      } else {
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            '<!doctype html><html><head><title>Loading…</title></head><body><div id="root"></div><script src="/probe.js"></script></body></html>',
          );
      }
    });
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const probePort = (probe.address() as net.AddressInfo).port;
    try {
      const fetcher = createFetchService({ render, settings: () => ({ publicRanges: ['127.0.0.1/32'] }) });
      const page = FetchPageSchema.parse(
        await fetcher.fetch({ url: `http://127.0.0.1:${probePort}/app`, render: 'always' }),
      );
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

/**
 * Each hole a request-level hook leaves, tried against a private service on 127.0.0.1 while the
 * page itself is served from 127.0.0.2 (listed as public). The private service must see no
 * connection at all, and the page must still render (its own text is there), so a pass is not
 * an empty page.
 */
describe('render isolation: every connection of the browser is checked by Lantern', () => {
  const PUBLIC = ['127.0.0.2/32'];
  let secret: LoopbackService;
  let site: LoopbackService;
  /** Per test: what the site serves at each path besides the shell. */
  let routes: Record<string, (res: http.ServerResponse) => void> = {};

  /** A shell page whose script first runs `probe`, which calls build() once its attempt is over. */
  const shellWith = (probe: string): string =>
    `<!doctype html><html><head><title>Loading…</title></head><body><div id="root"></div><script>
      let built = false;
      function build() { if (built) return; built = true; ${APP_JS} }
      ${probe}
    </script></body></html>`;

  // A fresh private service and no leftover routes per test, so each counts only its own attempts.
  beforeEach(async () => {
    routes = {};
    secret = await startService((_req, res) =>
      res.writeHead(200, { 'access-control-allow-origin': '*' }).end('secret'),
    );
  });
  afterEach(async () => {
    await secret.close();
  });
  beforeAll(async () => {
    site = await startService((req, res) => {
      const route = routes[new URL(req.url ?? '/', 'http://x').pathname];
      if (route) route(res);
      else res.writeHead(404).end();
    }, '127.0.0.2');
  });
  afterAll(async () => {
    await site?.close();
  });

  async function renderProbe(probe: string, deps: { lookup?: LookupAll } = {}): Promise<FetchPage> {
    routes['/page'] ??= (res) => res.writeHead(200, { 'content-type': 'text/html' }).end(shellWith(probe));
    const fetcher = createFetchService({ render, settings: () => ({ publicRanges: PUBLIC }), ...deps });
    return FetchPageSchema.parse(await fetcher.fetch({ url: `${site.origin}/page`, render: 'always' }));
  }

  function expectRenderedWithoutSecret(page: FetchPage): void {
    expect(page.rendered).toBe(true);
    expect(page.title).toBe('Lights on the Coast');
    for (const paragraph of PARAGRAPHS) expect(page.markdown).toContain(paragraph);
    expect(secret.connections()).toBe(0);
    expect(secret.requests).toEqual([]);
  }

  it('a subresource that 302-redirects to the private service: the hop is refused', async () => {
    // The renderer loads no images (--blink-settings=imagesEnabled=false), so the <img> is never
    // even requested; the script's fetch is, and its redirect hop is what the proxy must refuse.
    const hop = `${secret.origin}/from-redirect`;
    routes = {
      '/img': (res) => res.writeHead(302, { location: hop }).end(),
      '/data': (res) => res.writeHead(302, { location: hop, 'access-control-allow-origin': '*' }).end(),
    };
    const page = await renderProbe(`
      const img = document.createElement('img');
      img.src = '/img';
      document.body.appendChild(img);
      fetch('/data').catch(() => {}).finally(build);`);
    expectRenderedWithoutSecret(page);
    expect(site.requests).toContain('/data');
    expect(site.requests).not.toContain('/img');
  });

  it('the document itself redirecting to the private service when the browser asks: refused, and said so', async () => {
    // The static fetch gets the shell; the browser's own request for the same URL is redirected.
    let served = 0;
    routes['/page'] = (res) => {
      if (served++ === 0) res.writeHead(200, { 'content-type': 'text/html' }).end(shellWith('build();'));
      else res.writeHead(302, { location: `${secret.origin}/from-document-redirect` }).end();
    };
    const fetcher = createFetchService({ render, settings: () => ({ publicRanges: PUBLIC }) });
    await expect(fetcher.fetch({ url: `${site.origin}/page`, render: 'always' })).rejects.toMatchObject({
      code: 'BLOCKED_URL',
      message: expect.stringContaining('127.0.0.1 (loopback)'),
    });
    expect(served).toBe(2);
    expect(secret.connections()).toBe(0);
  });

  it('window.open to the private service: the popup never reaches it', async () => {
    // The page cannot see when its popup's request leaves; the 300 ms give it time to, so that a
    // broken guard shows here. With the guard the outcome does not depend on that time.
    const page = await renderProbe(`window.open('${secret.origin}/from-popup'); setTimeout(build, 300);`);
    expectRenderedWithoutSecret(page);
  });

  it("a service worker's fetch: no worker runs, and none could reach the private service", async () => {
    routes = {
      '/sw.js': (res) =>
        res
          .writeHead(200, { 'content-type': 'text/javascript' })
          .end(
            `self.addEventListener('install', (e) => e.waitUntil(fetch('${secret.origin}/from-worker').catch(() => {})));`,
          ),
    };
    // The page waits until its worker has installed (or failed to) before it builds its text.
    const page = await renderProbe(`
      navigator.serviceWorker.register('/sw.js')
        .then((reg) => new Promise((done) => {
          const worker = reg.installing || reg.waiting || reg.active;
          if (!worker || worker.state === 'activated') return done();
          worker.addEventListener('statechange', () => { if (worker.state === 'activated' || worker.state === 'redundant') done(); });
        }))
        .catch(() => {})
        .finally(build);`);
    expectRenderedWithoutSecret(page);
  });

  it('a WebSocket to the private service: the handshake never reaches it (one to the public site works)', async () => {
    // A public WebSocket service that greets and closes, so the proxy is seen carrying WebSockets.
    const greeter = http.createServer((_req, res) => res.writeHead(426).end());
    const upgraded: net.Socket[] = [];
    greeter.on('upgrade', (req: http.IncomingMessage, socket: net.Socket) => {
      upgraded.push(socket);
      const accept = createHash('sha1')
        .update(`${String(req.headers['sec-websocket-key'])}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
        .digest('base64');
      const greeting = Buffer.from('hello over a checked connection');
      socket.write(
        `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
      );
      socket.write(Buffer.concat([Buffer.from([0x81, greeting.length]), greeting]));
    });
    await new Promise<void>((resolve) => greeter.listen(0, '127.0.0.2', resolve));
    const greeterPort = (greeter.address() as net.AddressInfo).port;
    try {
      const page = await renderProbe(`
        const forbidden = new Promise((done) => {
          const ws = new WebSocket('ws://${secret.host}:${secret.port}/from-websocket');
          ws.onopen = ws.onerror = ws.onclose = done;
        });
        const greeted = new Promise((done) => {
          const ws = new WebSocket('ws://127.0.0.2:${greeterPort}/');
          ws.onmessage = (event) => done(event.data);
          ws.onerror = ws.onclose = () => done('no greeting');
        });
        Promise.all([forbidden, greeted]).then(([, greeting]) => {
          build();
          const p = document.createElement('p');
          p.textContent = 'The public WebSocket said: ' + greeting + '.';
          document.querySelector('article').appendChild(p);
        });`);
      expectRenderedWithoutSecret(page);
      expect(page.markdown).toContain('The public WebSocket said: hello over a checked connection.');
    } finally {
      for (const socket of upgraded) socket.destroy();
      greeter.closeAllConnections();
      await new Promise((resolve) => greeter.close(resolve));
    }
  });

  it('WebRTC (UDP, which no HTTP proxy carries): no packet reaches a private STUN service', async () => {
    const packets: string[] = [];
    const stun = dgram.createSocket('udp4');
    stun.on('message', (_message, from) => packets.push(`${from.address}:${from.port}`));
    await new Promise<void>((resolve) => stun.bind(0, '127.0.0.1', resolve));
    const stunPort = stun.address().port;
    // A request held open until the page releases it keeps the renderer waiting for the network
    // to go quiet, so the page is read only after ICE gathering is over.
    const held: http.ServerResponse[] = [];
    routes['/hold'] = (res) => held.push(res);
    routes['/release'] = (res) => {
      for (const waiting of held) waiting.end('released');
      res.end('ok');
    };
    try {
      // ICE gathering sends a STUN binding request to each server; the page builds once it is done.
      const page = await renderProbe(`
        fetch('/hold');
        const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:${stunPort}' }] });
        pc.createDataChannel('probe');
        const gathered = new Promise((done) => {
          pc.onicegatheringstatechange = () => { if (pc.iceGatheringState === 'complete') done(); };
          setTimeout(done, 1500);
        });
        pc.createOffer().then((offer) => pc.setLocalDescription(offer)).then(() => gathered).catch(() => {})
          .finally(() => { build(); fetch('/release'); });`);
      expectRenderedWithoutSecret(page);
      expect(packets).toEqual([]);
    } finally {
      stun.close();
    }
  });

  it('a name that resolves public first and private second: the browser connects to the checked address', async () => {
    // rebind.test answers 127.0.0.2 once, then 127.0.0.1; both listen on the same port. Lantern
    // resolves once per connection and connects to that very address, so the public twin answers.
    const { publicService, privateService } = await startTwinServices(
      (_req, res) => res.writeHead(200, { 'access-control-allow-origin': '*' }).end('the public twin answered'),
      (_req, res) => res.writeHead(200, { 'access-control-allow-origin': '*' }).end('the private twin answered'),
    );
    let answers = 0;
    const lookup: LookupAll = async (name) => {
      if (name !== 'rebind.test') throw Object.assign(new Error(`unknown name ${name}`), { code: 'ENOTFOUND' });
      return [{ address: answers++ === 0 ? '127.0.0.2' : '127.0.0.1', family: 4 }];
    };
    try {
      const page = await renderProbe(
        `fetch('http://rebind.test:${publicService.port}/answer')
          .then((r) => r.text())
          .catch(() => 'no answer')
          .then((text) => {
            build();
            const p = document.createElement('p');
            p.textContent = 'The service behind rebind.test says: ' + text + '.';
            document.querySelector('article').appendChild(p);
          });`,
        { lookup },
      );
      expectRenderedWithoutSecret(page);
      expect(page.markdown).toContain('The service behind rebind.test says: the public twin answered.');
      expect(publicService.requests).toEqual(['/answer']);
      expect(privateService.connections()).toBe(0);
      expect(answers).toBe(1);
    } finally {
      await publicService.close();
      await privateService.close();
    }
  });

  it("a rendered page's cookies do not reach the search profile", async () => {
    // The site sets a cookie by header and one by script; the script's follow-up request shows
    // the rendering browser holds both. Then the search loader visits the same site.
    const cookiesSeen: string[] = [];
    const profile = mkdtempSync(join(tmpdir(), 'lantern-search-profile-'));
    const search = new ChromiumPageLoader({ executablePath: findChrome(), userDataDir: profile });
    const cookieProbe = http.createServer((req, res) => {
      cookiesSeen.push(req.headers.cookie ?? '');
      if (req.url === '/page') {
        res
          .writeHead(200, { 'content-type': 'text/html', 'set-cookie': 'rendered=by-header; Max-Age=3600; Path=/' })
          .end(
            shellWith(`document.cookie = 'scripted=by-script; max-age=3600; path=/'; fetch('/after').finally(build);`),
          );
      } else
        res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html><body><p>echo</p></body></html>');
    });
    await new Promise<void>((resolve) => cookieProbe.listen(0, '127.0.0.2', resolve));
    const origin = `http://127.0.0.2:${(cookieProbe.address() as net.AddressInfo).port}`;
    try {
      const fetcher = createFetchService({ render, settings: () => ({ publicRanges: PUBLIC }) });
      const page = FetchPageSchema.parse(await fetcher.fetch({ url: `${origin}/page`, render: 'always' }));
      expect(page.rendered).toBe(true);
      // The render's own follow-up request carried both cookies: the page did set them.
      expect(cookiesSeen).toContain('rendered=by-header; scripted=by-script');
      cookiesSeen.length = 0;
      await search.load(`${origin}/search-profile`, { readySelectors: ['p'], timeoutMs: 60_000 });
      // Whatever the search browser asked for (the page, perhaps a favicon), it sent no cookie.
      expect(cookiesSeen.length).toBeGreaterThan(0);
      expect(cookiesSeen.filter((cookie) => cookie !== '')).toEqual([]);
    } finally {
      await search.close();
      cookieProbe.closeAllConnections();
      await new Promise((resolve) => cookieProbe.close(resolve));
    }
  });
});

describe("Chromium's sandbox", () => {
  // As root (CI, containers) Chromium's sandbox cannot start; elsewhere this refusal never happens.
  it.runIf(sandboxUnavailable())(
    'refuses to render without it unless the setting allows it, and says how',
    async () => {
      const strict = new ChromiumRenderer({ executablePath: findChrome(), allowWithoutSandbox: () => false });
      const fetcher = createFetchService({
        render: (url, options) => strict.render(url, options),
        settings: () => ({ allowPrivateNetworks: true }),
      });
      try {
        await expect(fetcher.fetch({ url: `${base}/app`, render: 'always' })).rejects.toMatchObject({
          code: 'FETCH_FAILED',
          message: expect.stringContaining(`set "fetch": { "renderWithoutSandbox": true } in settings.json`),
        });
        // In auto mode the thin static page is what the caller gets.
        const page = FetchPageSchema.parse(await fetcher.fetch({ url: `${base}/app` }));
        expect(page).toMatchObject({ rendered: false, title: 'Loading…' });
      } finally {
        await strict.close();
      }
    },
  );
});
