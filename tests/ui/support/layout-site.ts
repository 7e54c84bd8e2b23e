/**
 * A second stand-in web for the layout tests (tests/ui/layout.spec.ts): a Google whose results
 * carry dates, people-also-ask and related searches, and five articles about Doggerland whose
 * text has bold and code in it (so quotes reach the UI with Markdown markers), a long title (for
 * the phone-width reader) and a word only the page holds (for history's search of read pages).
 */
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { listenOnLoopback, sendHtml } from '../../support/loopback-http';

/** The question the articles answer, and what is only in a page's text. */
export const LAYOUT_QUESTION = 'How large was Doggerland?';
export const PAGE_ONLY_WORD = 'harpoon';
export const LONG_TITLE =
  'Doggerland: the drowned country between Britain and the continent, and what the floor of the North Sea tells us about it';
export const PEOPLE_ALSO_ASK = 'How did Doggerland disappear?';
export const RELATED_SEARCHES = ['doggerland map', 'storegga slide'];

/** Each page: title, paragraphs as HTML (the article's own markup), the result's dated snippet. */
const ARTICLES: Record<string, { title: string; html: string[]; snippet: string }> = {
  '/doggerland': {
    title: LONG_TITLE,
    html: [
      'Doggerland covered about <strong>180,000 square kilometres</strong> of land that is now under the North Sea.',
      `Trawlers brought up a barbed ${PAGE_ONLY_WORD} of red deer antler from the Leman and Ower banks in 1931.`,
      '<strong>Citation</strong>: the size of Doggerland comes from the <code>North Sea Palaeolandscapes</code> survey, which mapped its plains from seismic data.',
      'Rivers, lakes and marshes crossed the plain, and people hunted, fished and gathered there for thousands of years.',
    ],
    snippet: 'Mar 3, 2025 — Doggerland covered about 180,000 square kilometres.',
  },
  '/north-sea': {
    title: 'North Sea facts',
    html: [
      'The North Sea covers about 570,000 square kilometres between Britain, Norway and the Low Countries.',
      'Doggerland was flooded around 6200 BC, when the sea rose after the last ice age and the <em>Storegga</em> tsunami struck.',
      'Its average depth is about 95 metres, and its shallowest part is the Dogger Bank.',
    ],
    snippet: 'November 14, 2024 — The North Sea covers about 570,000 square kilometres.',
  },
  '/mesolithic': {
    title: 'Mesolithic Britain',
    html: [
      // Markup written as text inside the sentence the answer quotes: it must reach the UI as text;
      // the page's own bold in it shows bold, never as **.
      'Doggerland was a <strong>large plain</strong> &lt;img src=x onerror="window.__pwned=true"&gt; where Mesolithic people lived before it was drowned by the sea.',
      'Flint tools and animal bones from the plain are found in the nets of fishing boats.',
      'The plain joined Britain to the continent, so animals and people walked across it.',
    ],
    snippet: 'Jan 9, 2023 — Doggerland was a large plain where Mesolithic people lived.',
  },
  '/bread': {
    title: 'Baking bread at home',
    html: [
      'Bread dough needs flour, water, salt and yeast, kneaded until it is smooth and elastic.',
      'A long, cool rise in the fridge gives the loaf more flavour and a better crust.',
      'Bake the loaf in a hot oven with steam for the first fifteen minutes.',
    ],
    snippet: 'Sep 21, 2022 — Bread dough needs flour, water, salt and yeast.',
  },
  '/tea': {
    title: 'Green tea basics',
    html: [
      'Green tea is made from the leaves of Camellia sinensis that are steamed or pan-fired soon after picking.',
      'Brewing green tea at around 80 degrees Celsius keeps it from turning bitter.',
      'A cup of green tea usually contains between 20 and 45 mg of caffeine.',
    ],
    snippet: 'Feb 2, 2021 — Green tea is made from the leaves of Camellia sinensis.',
  },
};

function article(title: string, paragraphs: string[]): string {
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body>
<article><h1>${title}</h1>
${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
</article><footer>© Test site</footer></body></html>`;
}

/** The synthetic Google page: every query gets the same five results and page features. */
function resultsPage(pages: string): string {
  const results = Object.entries(ARTICLES).map(
    ([path, page]) =>
      `<div class="MjjYud"><div class="g"><div class="yuRUbf"><a href="${pages}${path}"><h3>${page.title}</h3></a></div><div class="VwiC3b">${page.snippet}</div></div></div>`,
  );
  results.splice(
    1,
    0,
    `<div class="MjjYud"><div class="related-question-pair" data-q="${PEOPLE_ALSO_ASK}"><div role="button">${PEOPLE_ALSO_ASK}</div></div></div>`,
  );
  const related = RELATED_SEARCHES.map((q) => `<a href="/search?q=${encodeURIComponent(q)}">${q}</a>`).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>doggerland - Google Search</title></head><body>
<div id="search"><div id="rso">${results.join('\n')}</div></div>
<div id="botstuff"><div><span>Related searches</span>${related}</div></div>
<div id="footcnt"><a href="/preferences">Settings</a></div>
</body></html>`;
}

export interface LayoutSite {
  pages: string;
  engine: string;
  close(): Promise<void>;
}

export async function startLayoutSite(): Promise<LayoutSite> {
  const sockets = new Set<Socket>();
  const track = (server: Server): void => {
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
  };
  const pagesServer = createServer((req, res) => {
    const page = ARTICLES[new URL(req.url ?? '/', 'http://x').pathname];
    if (!page) return sendHtml(res, 'not found', 404);
    sendHtml(res, article(page.title, page.html));
  });
  track(pagesServer);
  const pages = await listenOnLoopback(pagesServer);
  const engineServer = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/search') return sendHtml(res, 'not found', 404);
    // One page of results per query, as in tests/support/answer-site.ts: a second page is empty.
    if (Number(url.searchParams.get('start') ?? '0') >= 10) {
      return sendHtml(
        res,
        '<!doctype html><html><head><title>Google Search</title></head><body><div id="main"><div id="topstuff"><p>Your search did not match any documents.</p></div><div id="search"><div id="rso"></div></div><div id="botstuff"></div></div><div id="footcnt"></div></body></html>',
      );
    }
    sendHtml(res, resultsPage(pages));
  });
  track(engineServer);
  const engine = await listenOnLoopback(engineServer);
  return {
    pages,
    engine,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all(
        [pagesServer, engineServer].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))),
      );
    },
  };
}
