/**
 * A local stand-in for a search engine's web server, serving the recorded result pages of
 * ../shared/data/serp by query and page, plus the block pages and failure modes Lantern must
 * handle (the /sorry/ CAPTCHA, the consent wall, the JavaScript shell, a slow page, a hanging
 * page, a 500). Tests and benchmarks point LANTERN_ENGINE_URL_GOOGLE at it.
 *
 * The recorded desktop pages were captured from the EU and carry Google's "Before you continue"
 * consent dialog over their results. By default the fixture serves them as Google serves a client
 * outside the EU (dialog removed, results untouched); `fixture:consent` serves a page under the
 * dialog as recorded.
 *
 * Run it by hand: npx tsx tests/support/fixture-web.ts [--port 8123]
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sharedData } from './shared-data';
import { fileURLToPath } from 'node:url';

const SORRY_WITH_FORM = fileURLToPath(new URL('../fixtures/google/sorry-with-form.html', import.meta.url));

/** Queries with a behaviour rather than a recorded page. */
export const FIXTURE_QUERIES = {
  captcha: 'fixture:captcha',
  /** A CAPTCHA until the /sorry/ form is submitted (which sets GOOGLE_ABUSE_EXEMPTION), then coffee results. */
  captchaOnce: 'fixture:captcha-once',
  consent: 'fixture:consent',
  jsShell: 'fixture:js-shell',
  hang: 'fixture:hang',
  serverError: 'fixture:500',
  slow: 'fixture:slow',
} as const;

export interface FixtureWeb {
  origin: string;
  /** Every request path (with query) served so far, in order. */
  requests: string[];
  /** Queries that map to a recorded results page. */
  recordedQueries: string[];
  close(): Promise<void>;
}

interface RecordedPage {
  file: string;
}

/** query (lower-case) → pages by 0-based page number. */
function recordedPages(): Map<string, RecordedPage[]> {
  const pages = new Map<string, RecordedPage[]>();
  const add = (query: string, ...files: string[]): void => {
    pages.set(query.toLowerCase(), files.map((file) => ({ file: sharedData('serp', file) })));
  };
  add('coffee', 'google/desktop-2023/coffee.html', 'google/nojs-2023/coffee-nojs.html');
  for (const name of ['dell', 'domain', 'google', 'hotels', 'matrix', 'paris']) {
    add(name, `google/desktop-2023/${name}.html`);
  }
  add('hotels london', 'google/desktop-2023/hotels-london.html');
  add('van gogh paintings', 'google/desktop-2019/van-gogh-paintings.html');
  const index = JSON.parse(readFileSync(sharedData('serp', 'webis', 'index.json'), 'utf8')) as Array<{
    service: string;
    query: string;
    html: string;
  }>;
  for (const entry of index) {
    if (entry.service !== 'google' || pages.has(entry.query.toLowerCase())) continue;
    add(entry.query, entry.html);
  }
  return pages;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

export async function startFixtureWeb(options: { port?: number; slowMs?: number } = {}): Promise<FixtureWeb> {
  const pages = recordedPages();
  const noResults = sharedData('serp', 'google/desktop-2023/no-results.html');
  const blocked = (name: string): string => sharedData('serp', 'google/blocked', name);
  const requests: string[] = [];
  const hanging = new Set<ServerResponse>();

  const withoutConsent = new Map<string, string>();
  /**
   * A recorded results page as served outside the EU: the consent dialog's opening tag becomes a
   * hidden plain div and the consent form posts nowhere; results are untouched.
   */
  const resultsPage = (file: string): string => {
    let html = withoutConsent.get(file);
    if (html === undefined) {
      html = readFileSync(file, 'utf8')
        .replace(/<div[^>]*(?:aria-label|title)="Before you continue[^"]*"[^>]*>/g, '<div hidden>')
        .replace(/(<form[^>]*action=")https:\/\/consent\.google\.[a-z.]+\/save/g, '$1#');
      withoutConsent.set(file, html);
    }
    return html;
  };
  const sendFile = (res: ServerResponse, file: string, status = 200): void => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(readFileSync(file));
  };
  const sendResults = (res: ServerResponse, file: string): void => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(resultsPage(file));
  };

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://fixture.invalid');
    requests.push(url.pathname + url.search);
    if (url.pathname === '/sorry/solve' && req.method === 'POST') return solveCaptcha(req, res);
    if (url.pathname.startsWith('/sorry/')) {
      const next = url.searchParams.get('continue') ?? '';
      if (!next.includes(encodeURIComponent(FIXTURE_QUERIES.captchaOnce))) return sendFile(res, blocked('sorry-recaptcha-2020.html'), 429);
      res.writeHead(429, { 'content-type': 'text/html; charset=utf-8' });
      res.end(readFileSync(SORRY_WITH_FORM, 'utf8').replace('{{CONTINUE}}', escapeAttribute(next)));
      return;
    }
    if (url.pathname !== '/search') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    const query = (url.searchParams.get('q') ?? '').trim().toLowerCase();
    const page = Math.floor(Number(url.searchParams.get('start') ?? '0') / 10);
    const exempt = /(?:^|;\s*)GOOGLE_ABUSE_EXEMPTION=/.test(req.headers.cookie ?? '');
    if (query === FIXTURE_QUERIES.captchaOnce && exempt) return sendResults(res, sharedData('serp', 'google/desktop-2023/coffee.html'));
    switch (query) {
      case FIXTURE_QUERIES.captchaOnce:
      case FIXTURE_QUERIES.captcha: {
        const target = `/sorry/index?continue=${encodeURIComponent(req.url ?? '/')}&q=EgQ`;
        res.writeHead(302, { location: target });
        res.end();
        return;
      }
      case FIXTURE_QUERIES.consent:
        return sendFile(res, blocked('consent-overlay-2022.html'));
      case FIXTURE_QUERIES.jsShell:
        return sendFile(res, blocked('enable-js-shell-synthetic.html'));
      case FIXTURE_QUERIES.hang:
        hanging.add(res); // never answered; released on close()
        return;
      case FIXTURE_QUERIES.serverError:
        res.writeHead(500, { 'content-type': 'text/html' });
        res.end('<html><head><title>500 Server Error</title></head><body><h1>Server Error</h1></body></html>');
        return;
      case FIXTURE_QUERIES.slow:
        setTimeout(() => sendResults(res, sharedData('serp', 'google/desktop-2023/coffee.html')), options.slowMs ?? 2000);
        return;
    }
    const recorded = pages.get(query)?.[page];
    sendResults(res, recorded?.file ?? noResults);
  };

  /** The /sorry/ form's answer: the exemption cookie, then back to the search, as Google does. */
  const solveCaptcha = (req: IncomingMessage, res: ServerResponse): void => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const next = new URLSearchParams(body).get('continue') ?? '/';
      res.writeHead(302, {
        location: next.startsWith('/') ? next : '/',
        // Google's exemption cookie lasts hours, so it survives a browser restart.
        'set-cookie': 'GOOGLE_ABUSE_EXEMPTION=ID=fixture:TM=1; Path=/; Max-Age=3600; HttpOnly',
      });
      res.end();
    });
  };

  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    recordedQueries: [...pages.keys()],
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*[\\/]/, ''))) {
  const portFlag = process.argv.indexOf('--port');
  const port = portFlag > 0 ? Number(process.argv[portFlag + 1]) : 8123;
  const web = await startFixtureWeb({ port });
  console.log(`fixture web on ${web.origin} (${web.recordedQueries.length} recorded queries)`);
}
