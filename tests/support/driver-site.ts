/**
 * Pages for the page driver's tests on 127.0.0.1, one per behaviour: a results page whose
 * document never ends, markers that scripts add late, a consent-like wall with a working button,
 * a page that fetches after load, a 429 with Retry-After. Every request's path is logged; held
 * responses end when the site closes.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DriverSite {
  origin: string;
  requests: string[];
  close(): Promise<void>;
}

const RESULTS =
  '<div id="rso"><div class="g"><a href="https://example.com/one"><h3>One</h3></a></div><div class="g"><a href="https://example.com/two"><h3>Two</h3></a></div></div>';

type PageHandler = (res: ServerResponse, held: Set<ServerResponse>, req: IncomingMessage) => void;

/**
 * A page at `path` whose `head` is sent at once and whose `tail` only once the browser has parsed
 * the head: the head ends in a script that requests `${path}/seen`, and that request sends the
 * tail of every such page waiting. The document never ends.
 */
function headThenTail(path: string, title: string, head: string, tail: string): Record<string, PageHandler> {
  const waiting = new Set<ServerResponse>();
  return {
    [path]: (res, held) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write(
        `<!DOCTYPE html><html><head><title>${title}</title></head><body>${head}<script>fetch('${path}/seen')</script>`,
      );
      held.add(res);
      waiting.add(res);
    },
    [`${path}/seen`]: (res) => {
      for (const page of waiting) page.write(tail);
      waiting.clear();
      res.writeHead(204).end();
    },
  };
}

const PAGES: Record<string, PageHandler> = {
  // The results and what follows them arrive, then the document never ends (its tail "still loading").
  '/open-ended': (res, held) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.write(`<!DOCTYPE html><html><head><title>open</title></head><body>${RESULTS}<div id="footer">after</div>`);
    held.add(res);
  },
  // The results, then a second container begun, whose tail comes once the browser has parsed its head.
  ...headThenTail(
    '/results-then-related',
    'related',
    `${RESULTS}<div id="botstuff"><a href="/search?q=one">related one</a>`,
    '<a href="/search?q=two">related two</a></div><div id="footer">after</div>',
  ),
  // The results, then bottom ads: the related searches come only once the browser has parsed that far.
  ...headThenTail(
    '/results-then-later-related',
    'later related',
    `${RESULTS}<div id="bottomads">ads</div>`,
    '<div id="botstuff"><a href="/search?q=later">related later</a></div><div id="footer">after</div>',
  ),
  // The marker is added by a script a while after the load event.
  '/late-marker': (res) =>
    html(
      res,
      `<title>late</title><body><script>addEventListener('load', () => setTimeout(() => { const d = document.createElement('div'); d.id = 'rso'; d.textContent = 'late results'; document.body.append(d); }, 150));</script></body>`,
    ),
  '/plain': (res) => html(res, '<title>plain</title><body><p>nothing to wait for</p></body>'),
  // What the snapshot must leave out.
  '/heavy': (res) =>
    html(
      res,
      `<title>heavy</title><style>p { color: red }</style><body><div id="rso"><img src="data:image/png;base64,${'A'.repeat(4000)}"><p>kept text</p></div><script>var secret = "script body";</script></body>`,
    ),
  '/too-many': (res) => {
    res.writeHead(429, { 'content-type': 'text/html', 'retry-after': '120' });
    res.end('<title>slow down</title><body><div id="rso">blocked</div></body>');
  },
  // A wall whose button (visible after a moment, as Google's) posts a form that leads to results.
  '/wall': (res) =>
    html(
      res,
      `<title>wall</title><body><div id="wall">Before you continue<form method="post" action="/wall-save"><button id="accept" style="display:none">Accept all</button></form></div><script>setTimeout(() => { document.getElementById('accept').style.display = 'inline'; }, 100);</script></body>`,
    ),
  '/wall-save': (res) => {
    res.writeHead(303, { location: '/results' });
    res.end();
  },
  '/results': (res) => html(res, `<title>results</title><body>${RESULTS}</body>`),
  // A wall whose button only hides the wall, in the same document.
  '/overlay': (res) =>
    html(
      res,
      `<title>overlay</title><body>${RESULTS}<div id="wall"><button id="accept" onclick="document.getElementById('wall').remove()">OK</button></div></body>`,
    ),
  // Content written by a script from a fetch after the load event.
  '/fetches-late': (res) =>
    html(
      res,
      `<title>spa</title><body><main>loading…</main><script>addEventListener('load', () => setTimeout(() => fetch('/data').then((r) => r.text()).then((t) => { document.querySelector('main').textContent = t; }), 200));</script></body>`,
    ),
  // A script's request that never ends: the network never goes idle.
  '/fetches-forever': (res) =>
    html(
      res,
      `<title>busy</title><body><main>loading…</main><script>fetch('/hang').then(() => { document.querySelector('main').textContent = 'done'; });</script></body>`,
    ),
  '/data': (res) => {
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('the article text');
    }, 300);
  },
  '/with-script': (res) =>
    html(
      res,
      `<title>with script</title><body><div id="rso">x</div><script src="/refused.js"></script><script src="/allowed.js"></script></body>`,
    ),
  '/refused.js': (res) => js(res, 'document.body.dataset.refused = "ran";'),
  '/allowed.js': (res) => js(res, 'document.body.dataset.allowed = "ran";'),
  // A response that never starts.
  '/hang': (_res, held) => held.add(_res),
  // A redirect to another host (the same server under another name): a window that may visit only this host must not follow it.
  '/redirect-away': (res, _held, req) =>
    res.writeHead(302, { location: `http://localhost:${new URL(`http://${req.headers.host}`).port}/elsewhere` }).end(),
  // A page that sends itself to another host once parsed.
  '/leaves': (res) =>
    html(
      res,
      `<title>leaves</title><body><div id="rso">stays</div><script>location.href = 'http://localhost:' + location.port + '/elsewhere';</script></body>`,
    ),
  '/elsewhere': (res) => html(res, '<title>elsewhere</title><body><div id="rso">elsewhere</div></body>'),
};

function html(res: ServerResponse, body: string): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!DOCTYPE html><html>${body}</html>`);
}

function js(res: ServerResponse, body: string): void {
  res.writeHead(200, { 'content-type': 'text/javascript' });
  res.end(body);
}

export async function startDriverSite(): Promise<DriverSite> {
  const requests: string[] = [];
  const held = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(path);
    const page = PAGES[path];
    if (page) page(res, held, req);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
