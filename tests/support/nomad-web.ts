/**
 * A small web on one subject with nothing suggested on its results page: four articles on
 * digital nomads (two on the legal routes, two on the costs; none on health) served on loopback,
 * and the fixture Google (fixture-web.ts) answering every query with them, with no people also
 * ask and no related searches. For compound questions: "…legally, and what does it cost?" has a
 * page for each facet, "…, and which vaccinations are required?" has none for its second.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFixtureWeb } from './fixture-web';

export const NOMAD_QUESTION = 'How can digital nomads live and work abroad legally, and what does it cost?';
export const NOMAD_UNANSWERED_QUESTION =
  'How can digital nomads live and work abroad legally, and which vaccinations are required?';

/** Two articles on the legal routes, two on the costs; none on health. */
const ARTICLES: Record<string, { title: string; paragraphs: string[] }> = {
  '/visas/portugal': {
    title: 'The Portuguese digital nomad visa',
    paragraphs: [
      'Digital nomads can live and work abroad legally in Portugal on its digital nomad visa, which allows a stay of up to one year.',
      'Applicants show a monthly income from work for employers or clients outside Portugal.',
    ],
  },
  '/visas/spain': {
    title: 'Working remotely from Spain',
    paragraphs: [
      "Spain's visa for digital nomads lets remote workers live in the country legally for up to five years.",
      'Remote workers apply at a consulate with a contract, health insurance and a clean criminal record.',
    ],
  },
  '/costs/lisbon': {
    title: 'What a digital nomad spends in Lisbon',
    paragraphs: [
      'Living abroad as a digital nomad costs about 2,000 euros a month in Lisbon, rent included.',
      'A room in a shared flat costs a digital nomad around 700 euros a month.',
    ],
  },
  '/costs/fees': {
    title: 'Digital nomad visa fees compared',
    paragraphs: [
      'The Portuguese visa application costs 90 euros, and the residence permit that follows costs another 170 euros.',
    ],
  },
};

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface NomadWeb {
  /** The fixture Google's origin, for LANTERN_ENGINE_URL_GOOGLE. */
  origin: string;
  close(): Promise<void>;
}

export async function startNomadWeb(): Promise<NomadWeb> {
  const articles = createServer((req, res) => {
    const article = ARTICLES[new URL(req.url ?? '/', 'http://x').pathname];
    res.writeHead(article ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      article
        ? `<!doctype html><html lang="en"><head><title>${escapeHtml(article.title)}</title></head><body><article><h1>${escapeHtml(article.title)}</h1>${article.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}</article></body></html>`
        : 'not found',
    );
  });
  await new Promise<void>((resolve) => articles.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(articles.address() as AddressInfo).port}`;
  // Every query: the four articles as Google's results, and nothing suggested.
  const results = (
    query: string,
  ): string => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(query)} - Google Search</title></head><body>
<div id="search"><div id="rso">
${Object.entries(ARTICLES)
  .map(
    ([path, a]) =>
      `<div class="MjjYud"><div class="g"><div class="yuRUbf"><a href="${origin}${path}"><h3>${escapeHtml(a.title)}</h3></a></div><div class="VwiC3b">${escapeHtml(a.paragraphs[0]!.slice(0, 100))}</div></div></div>`,
  )
  .join('\n')}
</div></div></body></html>`;
  const web = await startFixtureWeb({ results });
  return {
    origin: web.origin,
    async close() {
      await web.close();
      await new Promise<void>((resolve) => articles.close(() => resolve()));
    },
  };
}
