/**
 * A local stand-in for a search engine's web server, serving the recorded result pages of
 * ../shared/data/serp by query and page, plus the block pages and failure modes Lantern must
 * handle (the /sorry/ CAPTCHA, the consent wall, the JavaScript shell, a slow page, a hanging
 * page, a 500). Tests and benchmarks point LANTERN_ENGINE_URL_<ENGINE> at it.
 *
 * One server plays one engine: Google by default, or `{ engine: 'bing' }` (www.bing.com/search,
 * recorded Bing pages) or `{ engine: 'duckduckgo' }` (html.duckduckgo.com/html/). Each answers at
 * that engine's own request path, so fallback and fusion run against several of them at once.
 *
 * The recorded desktop Google pages were captured from the EU and carry Google's "Before you
 * continue" consent dialog over their results. By default the fixture serves them as Google serves
 * a client outside the EU (dialog removed, results untouched); `fixture:consent` serves a page
 * under the dialog as recorded (its buttons cannot work offline), and `fixture:consent-once` a
 * synthetic dialog whose buttons work: they post to the fixture's /save, which sets a persistent
 * SOCS cookie, as consent.google.com does, and lead back to results.
 *
 * Every recorded Google page (the saved 2022–2024 pages included) is also served for the query
 * `fixture:page:<path under serp/>`. Two things the fixture imitates, because the pages' own
 * scripts ask for them: a page's gbv=2 reload is answered with the same page, as Google answers
 * it; and the consent dialog is removed as for a client outside the EU, since a page saved with
 * the dialog closed opens it again in a browser without Google's SOCS cookie.
 *
 * Run it by hand: npx tsx tests/support/fixture-web.ts [--port 8123] [--engine bing]
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { recordedGooglePages } from './recorded-google-pages';
import { sharedData } from './shared-data';
import { sendHtml } from './loopback-http';

const ownFixture = (path: string): string => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));
const SORRY_WITH_FORM = ownFixture('google/sorry-with-form.html');
const CONSENT_DIALOG = ownFixture('google/consent-dialog.html');
const BING_CHALLENGE = ownFixture('engines/bing-verify-text-only.html');
const DUCKDUCKGO_ANOMALY = ownFixture('engines/duckduckgo-anomaly.html');
const DUCKDUCKGO_NO_RESULTS = ownFixture('engines/duckduckgo-no-results.html');

/** Google's SOCS consent cookie lasts 13 months. */
const SOCS_MAX_AGE_S = 13 * 30 * 86_400;

/** Queries with a behaviour rather than a recorded page. */
export const FIXTURE_QUERIES = {
  /** Every engine: its CAPTCHA or challenge page. */
  captcha: 'fixture:captcha',
  /** A CAPTCHA until the /sorry/ form is submitted (which sets GOOGLE_ABUSE_EXEMPTION), then coffee results. */
  captchaOnce: 'fixture:captcha-once',
  /** Google: the recorded domain page (8 results) as page 1; every later page (start=10…) its /sorry/ CAPTCHA. */
  captchaAfterFirstPage: 'fixture:captcha-after-page-1',
  /** Google: the recorded 2022 results page under the consent dialog; its buttons cannot work offline. */
  consent: 'fixture:consent',
  /** Google: a consent dialog until its form sets the SOCS cookie, then coffee results. */
  consentOnce: 'fixture:consent-once',
  /** Google: the same consent dialog every time, however it is answered (a wall that never lifts). */
  consentLoop: 'fixture:consent-loop',
  jsShell: 'fixture:js-shell',
  /** Every engine: a request that is never answered. */
  hang: 'fixture:hang',
  /** Every engine: HTTP 429 with Retry-After: 120 (Google's classifier counts any 429 as its CAPTCHA). */
  tooManyRequests: 'fixture:429',
  /** Every engine: HTTP 500. */
  serverError: 'fixture:500',
  /** Every engine: results after `slowMs`. */
  slow: 'fixture:slow',
} as const;

/**
 * Google: `fixture:page:<path under serp/>` answers with that recorded page, whatever its own
 * query: every recorded page can be searched for, even where two share a query (see
 * recorded-google-pages.ts). Results pages are served as to a client outside the EU (below);
 * the block pages under google/blocked/ as recorded.
 */
export function recordedPageQuery(path: string): string {
  return `fixture:page:${path}`;
}

export type FixtureEngine = 'google' | 'bing' | 'duckduckgo';

export interface FixtureRequest {
  method: string;
  /** Path with query. */
  path: string;
  /** Date.now() when the request arrived. */
  at: number;
}

export interface FixtureWeb {
  engine: FixtureEngine;
  origin: string;
  /** Every request path (with query) served so far, in order. */
  requests: string[];
  /** The same requests with their method and arrival time. */
  log: FixtureRequest[];
  /** Queries that map to a recorded results page. */
  recordedQueries: string[];
  /** Answers given to the consent dialog (Google's /save), in order. */
  consentAnswers: Array<'reject' | 'accept'>;
  /**
   * From now on answer every search with this block page, as an engine does once it has flagged
   * the client (not just one query); undefined serves normally again.
   */
  blockEverySearch(kind: BlockKind | undefined): void;
  close(): Promise<void>;
}

export interface FixtureWebOptions {
  port?: number;
  slowMs?: number;
  engine?: FixtureEngine;
  /**
   * Google: a synthetic results page for the queries it knows (lower-cased), before the recorded
   * pages are looked up — a test's own topic (e.g. research-topic.ts) served by this engine.
   */
  results?: (query: string) => string | undefined;
  /**
   * Google: synthetic results pages by 0-based page number (start=10 is page 1), for the queries
   * it knows (the query as sent, operators included, lower-cased) — undefined for a page it has
   * none of, which is then Google's "did not match" page.
   */
  resultPages?: (query: string, page: number) => string | undefined;
}

/**
 * What every search gets once blockEverySearch is called: 'captcha', the /sorry/ page as recorded
 * (nothing a person can solve offline); 'captcha-until-solved', a /sorry/ form whose answer sets
 * the exemption cookie, after which that browser is served again.
 */
export type BlockKind = 'captcha' | 'captcha-until-solved';

interface RecordedPage {
  file: string;
}

/** query (lower-case) → pages by 0-based page number. */
type RecordedPages = Map<string, RecordedPage[]>;

function recordedPagesBuilder(): { pages: RecordedPages; add: (query: string, ...files: string[]) => void } {
  const pages: RecordedPages = new Map();
  const add = (query: string, ...files: string[]): void => {
    if (pages.has(query.toLowerCase())) return;
    pages.set(
      query.toLowerCase(),
      files.map((file) => ({ file: sharedData('serp', file) })),
    );
  };
  return { pages, add };
}

/** Every archived page of `service` in webis/index.json, by its query. */
function addWebisPages(service: string, add: (query: string, file: string) => void): void {
  const index = JSON.parse(readFileSync(sharedData('serp', 'webis', 'index.json'), 'utf8')) as Array<{
    service: string;
    query: string;
    html: string;
  }>;
  for (const entry of index) if (entry.service === service) add(entry.query, entry.html);
}

function googlePages(): RecordedPages {
  const { pages, add } = recordedPagesBuilder();
  // Two pages: a desktop first page, and the no-JavaScript page of the same query as page 2
  // (start=10). domain's first page holds 8 results, so a default search reads its second.
  add('coffee', 'google/desktop-2023/coffee.html', 'google/nojs-2023/coffee-nojs.html');
  add('domain', 'google/desktop-2023/domain.html', 'google/nojs-2023/domain-nojs.html');
  for (const name of ['dell', 'google', 'hotels', 'matrix', 'paris']) {
    add(name, `google/desktop-2023/${name}.html`);
  }
  add('hotels london', 'google/desktop-2023/hotels-london.html');
  add('van gogh paintings', 'google/desktop-2019/van-gogh-paintings.html');
  addWebisPages('google', add);
  return pages;
}

function bingPages(): RecordedPages {
  const { pages, add } = recordedPagesBuilder();
  for (const name of ['bing', 'coffee', 'domain', 'hotels', 'matrix']) add(name, `bing/nojs-2021/${name}-nojs.html`);
  // The queries those pages really answered.
  add('hotels nyc', 'bing/nojs-2021/hotels-nojs.html');
  add('the matrix', 'bing/nojs-2021/matrix-nojs.html');
  add('hello', 'recorded-2021/bing-Hello-synopsis-0.html');
  addWebisPages('bing', add);
  return pages;
}

function duckDuckGoPages(): RecordedPages {
  const { pages, add } = recordedPagesBuilder();
  add('hello', 'recorded-2021/duckduckgo-Hello-synopsis-1.html');
  return pages;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** What one engine's server does; the shared part (logging, hanging requests, closing) is below. */
interface EngineSite {
  recordedQueries: string[];
  handle(req: IncomingMessage, res: ServerResponse, url: URL): void;
}

interface SiteTools {
  options: FixtureWebOptions;
  blocked: () => BlockKind | undefined;
  hang: (res: ServerResponse) => void;
  consentAnswers: Array<'reject' | 'accept'>;
}

/** A recorded page's bytes; the saved pages are stored gzipped. */
function readRecorded(file: string): Buffer {
  const bytes = readFileSync(file);
  return file.endsWith('.gz') ? gunzipSync(bytes) : bytes;
}

function sendFile(res: ServerResponse, file: string, status = 200): void {
  sendHtml(res, readRecorded(file), status);
}

function redirect(res: ServerResponse, location: string, headers: Record<string, string> = {}, status = 302): void {
  res.writeHead(status, { location, ...headers });
  res.end();
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('not found');
}

/**
 * The failure modes every engine's fixture shares: a page that never comes, a 500, a 429 with
 * Retry-After, and a slow answer (`sendSlow` after the configured delay). True when it answered.
 */
function answerFailureMode(query: string, res: ServerResponse, tools: SiteTools, sendSlow: () => void): boolean {
  switch (query) {
    case FIXTURE_QUERIES.hang:
      tools.hang(res);
      return true;
    case FIXTURE_QUERIES.serverError:
      serverError(res);
      return true;
    case FIXTURE_QUERIES.tooManyRequests:
      tooManyRequests(res);
      return true;
    case FIXTURE_QUERIES.slow:
      setTimeout(sendSlow, tools.options.slowMs ?? 2000);
      return true;
    default:
      return false;
  }
}

function serverError(res: ServerResponse): void {
  sendHtml(res, '<html><head><title>500 Server Error</title></head><body><h1>Server Error</h1></body></html>', 500);
}

function tooManyRequests(res: ServerResponse): void {
  sendHtml(
    res,
    '<html><head><title>429 Too Many Requests</title></head><body><h1>Too Many Requests</h1></body></html>',
    429,
    { 'retry-after': '120' },
  );
}

function readForm(req: IncomingMessage, then: (form: URLSearchParams) => void): void {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  req.on('end', () => then(new URLSearchParams(body)));
}

/** Only paths on this server: a fixture never redirects a browser elsewhere. */
function localPath(next: string | null): string {
  return next !== null && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

function hasCookie(req: IncomingMessage, name: string): boolean {
  return new RegExp(`(?:^|;\\s*)${name}=`).test(req.headers.cookie ?? '');
}

/**
 * Where a recorded Google page reloads itself: a page opened without `gbv=2` replaces itself
 * with its own `gbvu` URL (`/search?q=…&gbv=2&sei=…`), whose query is the one the page was
 * recorded for. Real Google answers that reload with the same results, so the fixture does too.
 */
function reloadTarget(html: string): string | undefined {
  const gbvu = /var gbvu='([^']+)'/.exec(html)?.[1];
  if (gbvu === undefined) return undefined;
  const target = new URL(gbvu.replaceAll('\\x3d', '=').replaceAll('\\x26', '&'), 'http://fixture.invalid');
  return target.pathname + target.search;
}

function googleSite(tools: SiteTools): EngineSite {
  const { blocked, consentAnswers } = tools;
  const pages = googlePages();
  /** The reload URL of every page served so far → that page (see reloadTarget). */
  const reloads = new Map<string, string>();
  const noResults = sharedData('serp', 'google/desktop-2023/no-results.html');
  const coffee = sharedData('serp', 'google/desktop-2023/coffee.html');
  const blockPage = (name: string): string => sharedData('serp', 'google/blocked', name);
  // Queries are matched lower-cased; file names are not all lower case.
  let pagesByQuery: Map<string, string> | undefined;
  const recordedPage = (query: string): string | undefined => {
    pagesByQuery ??= new Map(recordedGooglePages().map((path) => [recordedPageQuery(path).toLowerCase(), path]));
    return pagesByQuery.get(query);
  };

  const withoutConsent = new Map<string, string>();
  /**
   * A recorded results page as served outside the EU: the consent dialog's opening tag becomes a
   * hidden plain div and the consent form posts nowhere; results are untouched. Needed even for
   * pages saved with the dialog already closed: their own script opens it again in a browser
   * without Google's SOCS cookie (2023-04-01__van-gogh-people-also-search-for-2).
   */
  const sendResults = (res: ServerResponse, file: string): void => {
    let html = withoutConsent.get(file);
    if (html === undefined) {
      html = readRecorded(file)
        .toString('utf8')
        .replace(/<div[^>]*(?:aria-label|title)="Before you continue[^"]*"[^>]*>/g, '<div hidden>')
        .replace(/(<form[^>]*action=")https:\/\/consent\.google\.[a-z.]+\/save/g, '$1#');
      withoutConsent.set(file, html);
    }
    const reload = reloadTarget(html);
    if (reload !== undefined) reloads.set(reload, file);
    sendHtml(res, html);
  };

  /** The /sorry/ form's answer: the exemption cookie, then back to the search, as Google does. */
  const solveCaptcha = (req: IncomingMessage, res: ServerResponse): void =>
    readForm(req, (form) =>
      redirect(res, localPath(form.get('continue')), {
        // Google's exemption cookie lasts hours, so it survives a browser restart.
        'set-cookie': 'GOOGLE_ABUSE_EXEMPTION=ID=fixture:TM=1; Path=/; Max-Age=3600; HttpOnly',
      }),
    );

  /** consent.google.com/save: remembers the answer in SOCS (13 months) and goes back to the search. */
  const saveConsent = (req: IncomingMessage, res: ServerResponse): void =>
    readForm(req, (form) => {
      const answer = form.get('set_eom') === 'true' ? 'reject' : 'accept';
      consentAnswers.push(answer);
      redirect(
        res,
        localPath(form.get('continue')),
        { 'set-cookie': `SOCS=fixture-${answer}; Path=/; Max-Age=${SOCS_MAX_AGE_S}; SameSite=Lax` },
        303,
      );
    });

  const toSorry = (req: IncomingMessage, res: ServerResponse): void =>
    redirect(res, `/sorry/index?continue=${encodeURIComponent(req.url ?? '/')}&q=EgQ`);

  return {
    recordedQueries: [...pages.keys()],
    handle(req, res, url) {
      if (url.pathname === '/sorry/solve' && req.method === 'POST') return solveCaptcha(req, res);
      if (url.pathname === '/save' && req.method === 'POST') return saveConsent(req, res);
      if (url.pathname.startsWith('/sorry/')) {
        const next = url.searchParams.get('continue') ?? '';
        const solvable =
          next.includes(encodeURIComponent(FIXTURE_QUERIES.captchaOnce)) || blocked() === 'captcha-until-solved';
        if (!solvable) return sendFile(res, blockPage('sorry-recaptcha-2020.html'), 429);
        return sendHtml(res, readFileSync(SORRY_WITH_FORM, 'utf8').replace('{{CONTINUE}}', escapeAttribute(next)), 429);
      }
      if (url.pathname !== '/search') return notFound(res);
      if (
        blocked() === 'captcha' ||
        (blocked() === 'captcha-until-solved' && !hasCookie(req, 'GOOGLE_ABUSE_EXEMPTION'))
      )
        return toSorry(req, res);
      const reloaded = reloads.get(url.pathname + url.search);
      if (reloaded !== undefined) return sendResults(res, reloaded);
      const query = (url.searchParams.get('q') ?? '').trim().toLowerCase();
      const page = Math.floor(Number(url.searchParams.get('start') ?? '0') / 10);
      if (tools.options.resultPages) {
        const paged = tools.options.resultPages(query, page);
        if (paged !== undefined) return sendHtml(res, paged);
        if (tools.options.resultPages(query, 0) !== undefined) return sendResults(res, noResults);
      }
      const own = tools.options.results?.(query);
      if (own !== undefined) return sendHtml(res, page === 0 ? own : readRecorded(noResults));
      switch (query) {
        case FIXTURE_QUERIES.captchaOnce:
          return hasCookie(req, 'GOOGLE_ABUSE_EXEMPTION') ? sendResults(res, coffee) : toSorry(req, res);
        case FIXTURE_QUERIES.captcha:
          return toSorry(req, res);
        case FIXTURE_QUERIES.captchaAfterFirstPage:
          return page === 0
            ? sendResults(res, sharedData('serp', 'google/desktop-2023/domain.html'))
            : toSorry(req, res);
        case FIXTURE_QUERIES.consent:
          return sendFile(res, blockPage('consent-overlay-2022.html'));
        case FIXTURE_QUERIES.consentOnce:
        case FIXTURE_QUERIES.consentLoop: {
          if (query === FIXTURE_QUERIES.consentOnce && hasCookie(req, 'SOCS')) return sendResults(res, coffee);
          const dialog = readFileSync(CONSENT_DIALOG, 'utf8')
            .replaceAll('{{CONTINUE}}', escapeAttribute(req.url ?? '/'))
            .replaceAll('{{QUERY}}', escapeAttribute(query));
          return sendHtml(res, dialog);
        }
        case FIXTURE_QUERIES.jsShell:
          return sendFile(res, blockPage('enable-js-shell-synthetic.html'));
      }
      if (answerFailureMode(query, res, tools, () => sendResults(res, coffee))) return;
      const path = recordedPage(query);
      if (path !== undefined)
        return path.startsWith('google/blocked/')
          ? sendFile(res, sharedData('serp', path))
          : sendResults(res, sharedData('serp', path));
      const recorded = pages.get(query);
      sendResults(res, recorded?.[page]?.file ?? noResults);
    },
  };
}

/** www.bing.com: /search?q=…&first=<1-based offset>; its challenge lives under /turing/captcha/. */
function bingSite(tools: SiteTools): EngineSite {
  const { blocked } = tools;
  const pages = bingPages();
  const noResults = sharedData('serp', 'bing/nojs-2021/no-results-nojs.html');
  const toChallenge = (res: ServerResponse): void => redirect(res, '/turing/captcha/challenge?q=&iframeid=local');
  return {
    recordedQueries: [...pages.keys()],
    handle(req, res, url) {
      if (url.pathname.startsWith('/turing/captcha/')) return sendFile(res, BING_CHALLENGE);
      if (url.pathname !== '/search') return notFound(res);
      if (blocked() === 'captcha') return toChallenge(res);
      const query = (url.searchParams.get('q') ?? '').trim().toLowerCase();
      const page = Math.floor(Math.max(0, Number(url.searchParams.get('first') ?? '1') - 1) / 10);
      switch (query) {
        case FIXTURE_QUERIES.captcha:
          return toChallenge(res);
      }
      if (
        answerFailureMode(query, res, tools, () => sendFile(res, sharedData('serp', 'bing/nojs-2021/coffee-nojs.html')))
      )
        return;
      sendFile(res, pages.get(query)?.[page]?.file ?? noResults);
    },
  };
}

/** html.duckduckgo.com: /html/?q=…&s=<offset>; a client it distrusts gets HTTP 202 and a challenge. */
function duckDuckGoSite(tools: SiteTools): EngineSite {
  const { blocked } = tools;
  const pages = duckDuckGoPages();
  return {
    recordedQueries: [...pages.keys()],
    handle(_req, res, url) {
      if (url.pathname !== '/html/' && url.pathname !== '/html') return notFound(res);
      if (blocked() === 'captcha') return sendFile(res, DUCKDUCKGO_ANOMALY, 202);
      const query = (url.searchParams.get('q') ?? '').trim().toLowerCase();
      const page = Math.floor(Number(url.searchParams.get('s') ?? '0') / 10);
      switch (query) {
        case FIXTURE_QUERIES.captcha:
          return sendFile(res, DUCKDUCKGO_ANOMALY, 202);
      }
      if (
        answerFailureMode(query, res, tools, () =>
          sendFile(res, sharedData('serp', 'recorded-2021/duckduckgo-Hello-synopsis-1.html')),
        )
      )
        return;
      sendFile(res, pages.get(query)?.[page]?.file ?? DUCKDUCKGO_NO_RESULTS);
    },
  };
}

const SITES: Record<FixtureEngine, (tools: SiteTools) => EngineSite> = {
  google: googleSite,
  bing: bingSite,
  duckduckgo: duckDuckGoSite,
};

export async function startFixtureWeb(options: FixtureWebOptions = {}): Promise<FixtureWeb> {
  const engine = options.engine ?? 'google';
  const requests: string[] = [];
  const log: FixtureRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const consentAnswers: Array<'reject' | 'accept'> = [];
  let blocked: BlockKind | undefined;
  const site = SITES[engine]({
    options,
    blocked: () => blocked,
    hang: (res) => hanging.add(res), // never answered; released on close()
    consentAnswers,
  });

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixture.invalid');
    requests.push(url.pathname + url.search);
    log.push({ method: req.method ?? 'GET', path: url.pathname + url.search, at: Date.now() });
    site.handle(req, res, url);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    engine,
    origin: `http://127.0.0.1:${port}`,
    requests,
    log,
    recordedQueries: site.recordedQueries,
    consentAnswers,
    blockEverySearch(kind) {
      blocked = kind;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*[\\/]/, ''))) {
  const flag = (name: string): string | undefined => {
    const at = process.argv.indexOf(name);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const engine = (flag('--engine') ?? 'google') as FixtureEngine;
  const web = await startFixtureWeb({ port: Number(flag('--port') ?? 8123), engine });
  console.log(`fixture ${engine} on ${web.origin} (${web.recordedQueries.length} recorded queries)`);
}
