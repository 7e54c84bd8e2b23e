/**
 * Hand-made article pages on 127.0.0.1 for the answer tests, plus a stand-in Google server whose
 * synthetic results page (fixtures/google/answer-results.html) links to them — two loopback
 * servers, so the results point at another site, as real results do.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Socket } from 'node:net';
import type { SearchResponse } from '../../src/shared/contract';
import { listenOnLoopback, sendHtml } from './loopback-http';

const RESULTS = new URL('../fixtures/google/answer-results.html', import.meta.url);
const SORRY_WITH_FORM = new URL('../fixtures/google/sorry-with-form.html', import.meta.url);

/** Questions with a behaviour of the stand-in Google rather than its results page. */
export const ANSWER_SITE_QUERIES = {
  /** Google's /sorry/ CAPTCHA until its form is submitted (a cookie), then the results. */
  captchaOnce: 'captcha once',
  /** HTTP 500 from the engine. */
  serverError: 'engine error 500',
  /** HTTP 500 the first time a query is searched, its results after (a failure that "Retry" gets past). */
  failsOnce: 'engine fails once',
  /** The engine never answers (until the site closes). */
  hang: 'engine never answers',
  /** Google's "did not match any documents" page: a search with no results. */
  noResults: 'nothing matches this',
  /** One result: /hostile, a page whose text carries markup and script (for the UI's no-HTML checks). */
  hostile: 'hostile page',
  /** The results page's three pages ranked the other way round: /roasting, /green-tea, /espresso. */
  reversed: 'ranked the other way',
} as const;

function article(title: string, paragraphs: string[]): string {
  const lang = /\p{Script=Han}/u.test(title) ? 'zh' : 'en';
  return `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body>
<nav><a href="/">Home</a> · <a href="/about">About</a> · <a href="/shop">Shop</a></nav>
<article><h1>${title}</h1>
${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
</article><footer>© Test site</footer></body></html>`;
}

/**
 * A page that tries to get markup into the reader: HTML written as text (it reaches the Markdown
 * as `<img …>`), a javascript: link, a remote image and a script. Each assignment would mark
 * window.__pwned if it ever ran in the UI.
 */
const HOSTILE_PAGE = `<!doctype html><html lang="en"><head><title>Hostile page</title></head><body><article>
<h1>Hostile page</h1>
<p>Text before &lt;img src=x onerror="window.__pwned=1"&gt; and &lt;script&gt;window.__pwned=2&lt;/script&gt; after, written as text by the page.</p>
<p>A <a href="javascript:window.__pwned=3">javascript link</a> and a remote <img src="http://127.0.0.1:9/tracker.png" alt="tracker"> image sit in this paragraph.</p>
<script>window.__pwned = 4</script>
<p>Espresso is a concentrated coffee, and this paragraph is here so that the page has enough ordinary text to count as an article.</p>
</article></body></html>`;

/** The pages' text, so tests can name exact sentences. */
export const ARTICLES = {
  '/espresso': {
    title: 'Espresso, explained',
    paragraphs: [
      'Espresso is a concentrated coffee made by forcing hot water through finely ground beans at about 9 bars of pressure.',
      'A single shot of espresso contains about 63 mg of caffeine. A double shot holds roughly twice that amount.',
      'Espresso machines were first patented in Turin, Italy, by Angelo Moriondo in 1884.',
      'The café next door also sells pastries, sandwiches and fresh orange juice every morning.',
      'Baristas call the golden foam on top of a well-pulled shot the crema.',
    ],
  },
  '/green-tea': {
    title: 'Green tea basics',
    paragraphs: [
      'Green tea is made from the leaves of Camellia sinensis that are steamed or pan-fired soon after picking.',
      'A cup of green tea usually contains between 20 and 45 mg of caffeine.',
      'Brewing green tea at around 80 degrees Celsius keeps it from turning bitter.',
    ],
  },
  '/roasting': {
    title: 'Roasting coffee at home',
    paragraphs: [
      'Home roasters often use a popcorn popper or a cast-iron pan to roast green coffee beans.',
      'The first crack is the sound of beans expanding as they reach about 196 degrees Celsius.',
      'Dark roasts taste smoky and bitter, while light roasts keep more of the bean’s fruity acidity.',
    ],
  },
  '/kafei': {
    title: '浓缩咖啡简介',
    paragraphs: [
      '浓缩咖啡是用高压热水快速冲泡细磨咖啡粉制成的饮品。',
      '一杯浓缩咖啡含有约63毫克咖啡因。',
      '咖啡店通常也出售糕点和三明治。',
    ],
  },
} as const;

export interface AnswerSite {
  /** The article server: /espresso, /green-tea, /roasting, /kafei (Chinese); /hang never answers, /broken is a 500. */
  pages: string;
  /** The stand-in Google: /search answers every query with the synthetic results page. */
  engine: string;
  /** Paths the article server was asked for, in order. */
  requests: string[];
  /** The stand-in Google's /search requests (path with query), in order. */
  searches: string[];
  close(): Promise<void>;
}

export async function startAnswerSite(): Promise<AnswerSite> {
  const requests: string[] = [];
  const searches: string[] = [];
  const failedOnce = new Set<string>();
  const sockets = new Set<Socket>();
  const pagesServer = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(path);
    if (path === '/hang') return; // never answered: a page that is too slow for the budget
    if (path === '/broken') return sendHtml(res, 'oops', 500);
    if (path === '/hostile') return sendHtml(res, HOSTILE_PAGE);
    const page = ARTICLES[path as keyof typeof ARTICLES];
    if (!page) return sendHtml(res, 'not found', 404);
    sendHtml(res, article(page.title, [...page.paragraphs]));
  });
  pagesServer.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const pages = await listenOnLoopback(pagesServer);
  const engineServer = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname;
    if (path === '/sorry/solve' && req.method === 'POST') {
      // As Google does: the exemption cookie, then back to the search that was blocked.
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        const next = new URLSearchParams(body).get('continue') ?? '/';
        res.writeHead(302, {
          location: next.startsWith('/') && !next.startsWith('//') ? next : '/',
          // Google's exemption cookie lasts hours, so it survives the browser's relaunch after the window.
          'set-cookie': 'GOOGLE_ABUSE_EXEMPTION=ID=answer-site; Path=/; Max-Age=3600; HttpOnly',
        });
        res.end();
      });
      return;
    }
    if (path === '/sorry/index') {
      const next = (url.searchParams.get('continue') ?? '/').replace(/"/g, '&quot;');
      return sendHtml(res, readFileSync(SORRY_WITH_FORM, 'utf8').replace('{{CONTINUE}}', next), 429);
    }
    if (path !== '/search') return sendHtml(res, 'not found', 404);
    searches.push(req.url ?? path);
    const query = (url.searchParams.get('q') ?? '').toLowerCase();
    if (query.includes(ANSWER_SITE_QUERIES.serverError)) return sendHtml(res, 'engine trouble', 500);
    if (query.includes(ANSWER_SITE_QUERIES.failsOnce) && !failedOnce.has(query)) {
      failedOnce.add(query);
      return sendHtml(res, 'engine trouble, once', 500);
    }
    if (query.includes(ANSWER_SITE_QUERIES.hang)) return;
    // Every question has one page of results: a second page is Google's "did not match" page,
    // so paging stops there as on Google (which has ten results a page where this has three).
    if (Number(url.searchParams.get('start') ?? '0') >= 10 || query.includes(ANSWER_SITE_QUERIES.noResults)) {
      return sendHtml(
        res,
        `<!doctype html><html><head><title>${query} - Google Search</title></head><body><div id="main"><div id="topstuff"><p>Your search - <b>${query.replace(/[<>&"]/g, '')}</b> - did not match any documents.</p></div><div id="search"><div id="rso"></div></div><div id="botstuff"></div></div><div id="footcnt"></div></body></html>`,
      );
    }
    if (query.includes(ANSWER_SITE_QUERIES.hostile)) {
      return sendHtml(
        res,
        `<!doctype html><html><head><title>hostile - Google Search</title></head><body><div id="search"><div id="rso">
<div class="MjjYud"><div class="g"><div class="yuRUbf"><a href="${pages}/hostile"><h3>Hostile page</h3></a></div><div class="VwiC3b">A page with markup in its text.</div></div></div>
</div></div><div id="botstuff"></div><div id="footcnt"></div></body></html>`,
      );
    }
    if (query.includes(ANSWER_SITE_QUERIES.reversed)) {
      const results = (['/roasting', '/green-tea', '/espresso'] as const).map(
        (path) =>
          `<div class="MjjYud"><div class="g"><div class="yuRUbf"><a href="${pages}${path}"><h3>${ARTICLES[path].title}</h3></a></div><div class="VwiC3b">${ARTICLES[path].paragraphs[0]}</div></div></div>`,
      );
      return sendHtml(
        res,
        `<!doctype html><html><head><title>reversed - Google Search</title></head><body><div id="search"><div id="rso">\n${results.join('\n')}\n</div></div><div id="botstuff"></div><div id="footcnt"></div></body></html>`,
      );
    }
    if (query.includes(ANSWER_SITE_QUERIES.captchaOnce) && !/GOOGLE_ABUSE_EXEMPTION=/.test(req.headers.cookie ?? '')) {
      res.writeHead(302, { location: `/sorry/index?continue=${encodeURIComponent(req.url ?? '/')}&q=EgQ` });
      res.end();
      return;
    }
    sendHtml(res, readFileSync(RESULTS, 'utf8').replaceAll('{{PAGES}}', pages));
  });
  engineServer.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const engine = await listenOnLoopback(engineServer);
  return {
    pages,
    engine,
    requests,
    searches,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all(
        [pagesServer, engineServer].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))),
      );
    },
  };
}

/**
 * A search (AnswerService's `search`) that answers the site's pages `paths()` names, in that
 * order, whatever was asked: for tests of what an answer does with what a search found.
 */
export function searchOverPages(
  /** The site's pages origin, read at each search (a test starts its site after defining its search). */
  pagesOrigin: () => string,
  paths: () => readonly string[],
  extra: Partial<SearchResponse> = {},
): () => Promise<SearchResponse> {
  return async () => ({
    searchId: 's1',
    query: 'q',
    engine: 'google',
    results: paths().map((path, index) => ({
      index,
      title: `Result ${index + 1}`,
      url: `${pagesOrigin()}${path}`,
      snippet: '',
      source: '127.0.0.1',
    })),
    tookMs: 5,
    ...extra,
  });
}
