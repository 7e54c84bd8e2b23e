/**
 * What the fetch pipeline makes of real responses from loopback servers: charsets, PDF, JSON,
 * refused media, many URLs under one budget, the page cache and search-result indexes.
 */
import http from 'node:http';
import net from 'node:net';
import iconv from 'iconv-lite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFetchService, type FetchServiceDeps } from '../../src/main/fetch/service';
import { FetchBatchSchema, FetchPageSchema, type FetchBatch, type FetchPage } from '../../src/shared/fetch-contract';
import type { CachedPage, FetchSettings, PageCache } from '../../src/main/fetch/types';
import { LanternError } from '../../src/shared/errors';
import { errorOf } from '../support/error-of';
import { fenceOffNetwork } from '../support/network-fence';

let removeFence: () => void;
beforeAll(() => {
  removeFence = fenceOffNetwork();
});
afterAll(() => removeFence());

type Route = (req: http.IncomingMessage, res: http.ServerResponse) => void;
let server: http.Server | undefined;
let hits: Record<string, number> = {};

async function serve(routes: Record<string, Route>): Promise<string> {
  hits = {};
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    hits[path] = (hits[path] ?? 0) + 1;
    const route = routes[path];
    if (route) route(req, res);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

function service(settings: Partial<FetchSettings> = {}, deps: Partial<FetchServiceDeps> = {}) {
  return createFetchService({
    settings: () => ({ allowPrivateNetworks: true, retryBaseDelayMs: 20, ...settings }),
    ...deps,
  });
}

const send =
  (type: string, body: string | Buffer, headers: Record<string, string> = {}): Route =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': type, ...headers }).end(body);
  };

const article = (title: string, paragraphs: string[], head = '') =>
  `<!doctype html><html><head>${head}<title>${title}</title></head><body><article><h1>${title}</h1>${paragraphs
    .map((p) => `<p>${p}</p>`)
    .join('')}</article></body></html>`;

async function fetchPage(fetcher: ReturnType<typeof service>, url: string): Promise<FetchPage> {
  return FetchPageSchema.parse(await fetcher.fetch({ url }));
}

/** A valid PDF with one line of Helvetica text per page, offsets computed (no binary committed). */
function tinyPdf(pages: string[], title: string): Buffer {
  const objects: string[] = [];
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pages.map((_, i) => `${4 + i * 2} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  pages.forEach((text, i) => {
    const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
    objects[4 + i * 2] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${5 + i * 2} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`;
    objects[5 + i * 2] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let i = 1; i < objects.length; i++) {
    offsets[i] = pdf.length;
    pdf += `${i} 0 obj\n${objects[i]}\nendobj\n`;
  }
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let i = 1; i < objects.length; i++) pdf += `${String(offsets[i]).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info << /Title (${title}) >> >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

describe('documents by type and charset', () => {
  it('decodes a GBK page declared only in <meta>, and a Shift_JIS page declared in the header', async () => {
    const chinese = '这是一篇关于杭州西湖的文章。西湖位于浙江省杭州市西部，是中国著名的风景名胜区。';
    const japanese = '東京は日本の首都であり、世界有数の大都市です。多くの人々が毎日電車で通勤しています。';
    const base = await serve({
      '/gbk': send('text/html', iconv.encode(article('西湖游记', [chinese, chinese], '<meta charset="gbk">'), 'gbk')),
      '/sjis': send(
        'text/html; charset=Shift_JIS',
        iconv.encode(article('東京案内', [japanese, japanese]), 'shift_jis'),
      ),
      '/cp1251': send('text/plain; charset=windows-1251', iconv.encode('Москва — столица России.', 'win1251')),
    });
    const fetcher = service();
    const gbk = await fetchPage(fetcher, `${base}/gbk`);
    expect(gbk.title).toBe('西湖游记');
    expect(gbk.markdown).toContain(chinese);
    const sjis = await fetchPage(fetcher, `${base}/sjis`);
    expect(sjis.title).toBe('東京案内');
    expect(sjis.markdown).toContain(japanese);
    expect((await fetchPage(fetcher, `${base}/cp1251`)).markdown).toBe('Москва — столица России.');
  });

  it('reads a PDF with page markers and its title', async () => {
    const pdf = tinyPdf(['Lantern reads the first page.', 'And the second page too.'], 'A Tiny Report');
    expect(pdf.length).toBeLessThan(2_000);
    const base = await serve({
      '/report.pdf': send('application/pdf', pdf),
      '/download': send('application/octet-stream', pdf),
    });
    const fetcher = service();
    const result = await fetchPage(fetcher, `${base}/report.pdf`);
    expect(result).toMatchObject({ contentType: 'application/pdf', title: 'A Tiny Report' });
    expect(result.markdown).toBe(
      '--- page 1 ---\nLantern reads the first page.\n\n--- page 2 ---\nAnd the second page too.',
    );
    expect(result.wordCount).toBe(10);
    // Served as a generic binary, the PDF is still recognised by its signature.
    expect((await fetchPage(fetcher, `${base}/download`)).contentType).toBe('application/pdf');
  });

  it('pretty-prints JSON and passes text, Markdown and XML through', async () => {
    const base = await serve({
      '/data.json': send('application/json', '{"name":"lantern","tags":["a","b"]}'),
      '/notes.md': send('text/markdown; charset=utf-8', '# Release notes\n\n- faster fetch\n'),
      '/feed.xml': send(
        'application/rss+xml',
        '<?xml version="1.0"?><rss><channel><title>Feed</title></channel></rss>',
      ),
    });
    const fetcher = service();
    expect((await fetchPage(fetcher, `${base}/data.json`)).markdown).toBe(
      '{\n  "name": "lantern",\n  "tags": [\n    "a",\n    "b"\n  ]\n}',
    );
    const notes = await fetchPage(fetcher, `${base}/notes.md`);
    expect(notes).toMatchObject({
      title: 'Release notes',
      contentType: 'text/markdown',
      markdown: '# Release notes\n\n- faster fetch\n',
    });
    expect((await fetchPage(fetcher, `${base}/feed.xml`)).markdown).toContain('<title>Feed</title>');
  });

  it('refuses images (on their headers) and binaries served as HTML, naming the type', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    let imageBytesSent = 0;
    const base = await serve({
      '/photo.png': (_req, res) => {
        res.writeHead(200, { 'content-type': 'image/png' });
        // A large image: the pipeline must hang up on the header, not download it.
        const chunk = Buffer.alloc(256 * 1024);
        const pump = (): void => {
          while (imageBytesSent < 30 * 1024 * 1024) {
            imageBytesSent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        res.on('close', () => res.destroy());
        pump();
      },
      '/fake.html': send('text/html', png),
      '/movie': send('video/mp4', 'not really'),
    });
    const fetcher = service();
    const image = await errorOf(fetcher.fetch({ url: `${base}/photo.png` }));
    expect(image.code).toBe('UNSUPPORTED_CONTENT');
    expect(image.message).toContain('image/png');
    expect(imageBytesSent).toBeLessThan(10 * 1024 * 1024);
    const fake = await errorOf(fetcher.fetch({ url: `${base}/fake.html` }));
    expect(fake.code).toBe('UNSUPPORTED_CONTENT');
    expect(fake.message).toContain('image/png (served as text/html)');
    expect((await errorOf(fetcher.fetch({ url: `${base}/movie` }))).message).toContain('video/mp4');
  });
});

describe('many URLs under one budget', () => {
  it('fetches twenty pages, keeps small ones whole and the total within 100,000 characters', async () => {
    const routes: Record<string, Route> = {};
    const sentence = 'Every page in this batch carries its own distinct words so that extraction keeps them. ';
    for (let i = 0; i < 20; i++) {
      // Pages 0-14 are small (~1-3 KB); 15-19 are large (~60 KB each).
      const repeats = i < 15 ? 10 + i * 2 : 700;
      routes[`/p${i}`] = send(
        'text/html',
        article(
          `Page ${i}`,
          Array.from({ length: repeats }, (_, k) => `${sentence}Page ${i}, paragraph ${k}.`),
        ),
      );
    }
    const base = await serve(routes);
    const urls = Object.keys(routes).map((path) => base + path);
    const batch: FetchBatch = FetchBatchSchema.parse(await service().fetch({ urls }));

    expect(batch.results).toHaveLength(20);
    expect(batch.budgetChars).toBe(100_000);
    const pages = batch.results.map((item) => {
      if (!item.ok) throw new Error(`${item.url}: ${item.error.message}`);
      return item.page;
    });
    expect(pages.map((p) => p.title)).toEqual(urls.map((_, i) => `Page ${i}`));
    const total = pages.reduce((sum, p) => sum + p.markdown.length, 0);
    expect(batch.totalChars).toBe(total);
    expect(total).toBeLessThanOrEqual(100_000);
    expect(total).toBe(99_520); // the budget is used, not wasted
    for (const small of pages.slice(0, 15)) {
      expect(small.truncated, small.url).toBe(false);
      expect(small.markdown.length).toBe(small.totalChars);
    }
    for (const large of pages.slice(15)) {
      expect(large.truncated, large.url).toBe(true);
      expect(large.totalChars).toBe(78_288);
      expect(large.nextOffset).toBe(large.markdown.length);
    }
  });

  it('reports a failed URL in its slot without sinking the others (prompt input)', async () => {
    const base = await serve({ '/ok': send('text/plain', 'fine page') });
    const prompt = `Summarise ${base}/ok and ${base}/missing, also file:///etc/passwd and http://169.254.169.254/.`;
    const batch = FetchBatchSchema.parse(await service().fetch({ prompt }));
    expect(batch.results.map((r) => (r.ok ? 'ok' : r.error.code))).toEqual(['ok', 'FETCH_FAILED', 'BLOCKED_URL']);
    expect(batch.results[1]).toMatchObject({ ok: false, url: `${base}/missing` });
  });

  it('pages through a long document with maxChars and offset', async () => {
    const text = Array.from({ length: 400 }, (_, i) => `line ${i} of a long plain text file`).join('\n');
    const base = await serve({ '/long.txt': send('text/plain', text) });
    const fetcher = service();
    let offset = 0;
    let rebuilt = '';
    for (let round = 0; round < 20; round++) {
      const part = FetchPageSchema.parse(await fetcher.fetch({ url: `${base}/long.txt`, maxChars: 5_000, offset }));
      expect(part.markdown.length).toBeLessThanOrEqual(5_000);
      rebuilt += part.markdown;
      if (!part.truncated) break;
      offset = part.nextOffset!;
    }
    expect(rebuilt).toBe(text);
  });
});

describe('cache and search results', () => {
  class MemoryPageCache implements PageCache {
    readonly pages = new Map<string, CachedPage>();
    fresh = true;
    getPage(url: string) {
      const page = this.pages.get(url);
      return page === undefined ? undefined : { page, fresh: this.fresh };
    }
    putPage(page: CachedPage): void {
      this.pages.set(page.url, page);
    }
  }

  it('serves fresh pages from the cache and revalidates stale ones with their ETag', async () => {
    let conditionalHeader: string | undefined;
    const base = await serve({
      '/doc': (req, res) => {
        conditionalHeader = req.headers['if-none-match'];
        if (conditionalHeader === '"v1"') return void res.writeHead(304, { etag: '"v1"' }).end();
        res.writeHead(200, { 'content-type': 'text/plain', etag: '"v1"' }).end('cached body');
      },
    });
    const cache = new MemoryPageCache();
    const fetcher = service({}, { pageCache: cache });
    const first = await fetchPage(fetcher, `${base}/doc`);
    expect(first).toMatchObject({ fromCache: false, markdown: 'cached body' });
    expect(cache.pages.get(`${base}/doc`)).toMatchObject({ etag: '"v1"', wordCount: 2 });

    const second = await fetchPage(fetcher, `${base}/doc`);
    expect(second).toMatchObject({ fromCache: true, markdown: 'cached body' });
    expect(hits['/doc']).toBe(1);

    cache.fresh = false;
    const revalidated = await fetchPage(fetcher, `${base}/doc`);
    expect(revalidated).toMatchObject({ fromCache: true, markdown: 'cached body' });
    expect(conditionalHeader).toBe('"v1"');
    expect(hits['/doc']).toBe(2);
  });

  it('still applies the address policy to cached pages', async () => {
    const cache = new MemoryPageCache();
    cache.putPage({
      url: 'http://127.0.0.1:9/x',
      finalUrl: 'http://127.0.0.1:9/x',
      status: 200,
      contentType: 'text/plain',
      title: 'x',
      markdown: 'secret',
      fetchedAt: Date.now(),
    });
    const error = await errorOf(createFetchService({ pageCache: cache }).fetch({ url: 'http://127.0.0.1:9/x' }));
    expect(error.code).toBe('BLOCKED_URL');
  });

  it('fetches a search result by index through the resolver', async () => {
    const base = await serve({ '/result': send('text/plain', 'the second result') });
    const calls: unknown[] = [];
    const fetcher = service(
      {},
      {
        resolveResult: (session, searchId, index) => {
          calls.push([session, searchId, index]);
          if (index !== 1)
            throw new LanternError('NOT_FOUND', `No result ${index} in search ${searchId ?? '(latest)'}.`);
          return { url: `${base}/result` };
        },
      },
    );
    const found = FetchPageSchema.parse(await fetcher.fetch({ index: 1, searchId: 's-1' }, { session: 'agent-7' }));
    expect(found.markdown).toBe('the second result');
    expect(calls).toEqual([['agent-7', 's-1', 1]]);
    expect((await errorOf(fetcher.fetch({ index: 5 }, { session: 'agent-7' }))).code).toBe('NOT_FOUND');
  });

  it('rejects malformed requests as INVALID_INPUT', async () => {
    const fetcher = service();
    for (const bad of [
      {},
      { url: 'https://a.test', urls: ['https://b.test'] },
      { urls: [] },
      { url: '   ' },
      { prompt: 'no links' },
      { searchId: 'x' },
      { url: 'https://a.test', allowPrivate: true },
    ]) {
      expect((await errorOf(fetcher.fetch(bad as never))).code, JSON.stringify(bad)).toBe('INVALID_INPUT');
    }
    const tooMany = Array.from({ length: 21 }, (_, i) => `https://x${i}.test/`);
    expect((await errorOf(fetcher.fetch({ prompt: tooMany.join(' ') }))).message).toMatch(/21 URLs; at most 20/);
  });
});
