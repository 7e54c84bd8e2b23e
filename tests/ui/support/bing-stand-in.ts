/**
 * A stand-in Bing on loopback for the UI tests that ask "another engine": every /search is a
 * Bing-shaped results page (#b_results > li.b_algo) linking to the answer site's articles.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ARTICLES } from '../../support/answer-site';

export interface BingStandIn {
  origin: string;
  /** The `q` of each search it was asked, in order. */
  queries: string[];
  close(): Promise<void>;
}

export async function startBingStandIn(pages: string): Promise<BingStandIn> {
  const queries: string[] = [];
  const items = (['/espresso', '/green-tea', '/roasting'] as const)
    .map(
      (path) =>
        `<li class="b_algo"><h2><a href="${pages}${path}">${ARTICLES[path].title}</a></h2><div class="b_caption"><p>${ARTICLES[path].paragraphs[0]}</p></div></li>`,
    )
    .join('\n');
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/search') {
      res.writeHead(404).end();
      return;
    }
    queries.push(url.searchParams.get('q') ?? '');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><title>Bing</title></head><body><main><ol id="b_results">\n${items}\n</ol></main></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    queries,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
