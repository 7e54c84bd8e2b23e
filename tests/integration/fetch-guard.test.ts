/**
 * The fetch pipeline's defences against real HTTP servers on loopback: address policy on every
 * hop, redirect limits, size and time limits, compression bombs, retries, rate limit, proxy.
 * Nothing here sends a packet beyond this machine: blocked addresses are refused before connecting.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { join } from 'node:path';
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedConnect } from '../../src/main/fetch/guarded-connect';
import { startRenderProxy } from '../../src/main/fetch/render-proxy';
import { createFetchService, type FetchServiceDeps } from '../../src/main/fetch/service';
import { buildAddressPolicy } from '../../src/main/fetch/url-policy';
import type { FetchPage } from '../../src/shared/fetch-contract';
import type { FetchSettings } from '../../src/main/fetch/types';
import { LanternError } from '../../src/shared/errors';
import { startTwinServices } from '../support/loopback-service';
import { fenceOffNetwork } from '../support/network-fence';
import { waitFor } from '../support/wait-for';

interface TestServer {
  url: string;
  port: number;
  /** TCP connections accepted so far. */
  connections: () => number;
  /** Requests seen so far, by path. */
  requests: string[];
  close: () => Promise<void>;
}

let removeFence: () => void;
beforeAll(() => {
  removeFence = fenceOffNetwork();
});
afterAll(() => removeFence());

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(handler: http.RequestListener, host = '127.0.0.1'): Promise<TestServer> {
  const requests: string[] = [];
  let connections = 0;
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    handler(req, res);
  });
  server.on('connection', (socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as net.AddressInfo).port;
  const testServer: TestServer = {
    url: `http://${host}:${port}`,
    port,
    connections: () => connections,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  servers.push(testServer);
  return testServer;
}

/** Connections waiting in the accept queue of the loopback listener on `port` (Linux: /proc/net/tcp). */
function acceptQueueLength(port: number): number {
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const [, address, , state, queues] = line.trim().split(/\s+/);
    // 0A: listening; for a listener the second queue figure is its accept queue.
    if (address === local && state === '0A') return parseInt(queues!.split(':')[1]!, 16);
  }
  throw new Error(`no listener on 127.0.0.1:${port}`);
}

function service(settings: Partial<FetchSettings> = {}, deps: Partial<FetchServiceDeps> = {}) {
  // Fast retries and a generous rate limit keep the tests quick; specific tests override them.
  return createFetchService({ settings: () => ({ retryBaseDelayMs: 20, ...settings }), ...deps });
}

async function failure(promise: Promise<unknown>): Promise<LanternError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(LanternError);
    return error as LanternError;
  }
  throw new Error('expected the fetch to fail');
}

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><article><h1>${title}</h1><p>${body}</p></article></body></html>`;

describe('address policy', () => {
  it('refuses loopback in every spelling before connecting', async () => {
    const server = await serve((_req, res) => res.end('secret'));
    const fetcher = service();
    for (const url of [
      `http://127.0.0.1:${server.port}/`,
      `http://2130706433:${server.port}/`,
      `http://0x7f000001:${server.port}/`,
      `http://127.1:${server.port}/`,
      `http://[::ffff:127.0.0.1]:${server.port}/`,
      `http://localhost:${server.port}/`,
      `https://127.0.0.1:${server.port}/`,
      `https://[::1]:${server.port}/`,
    ]) {
      const error = await failure(fetcher.fetch({ url }));
      expect(error.code, url).toBe('BLOCKED_URL');
      expect(error.message).toMatch(/loopback/);
    }
    expect(server.connections()).toBe(0);
  });

  it('refuses the unspecified address, which Linux would route to this machine', async () => {
    // Bound to loopback only: on Linux a connection to 0.0.0.0 would land here.
    const server = await serve((_req, res) => res.end('secret'));
    const fetcher = service({ allowPrivateNetworks: true });
    for (const url of [`http://0.0.0.0:${server.port}/`, `http://0:${server.port}/`, `http://[::]:${server.port}/`]) {
      const error = await failure(fetcher.fetch({ url }));
      expect(error.code, url).toBe('BLOCKED_URL');
      expect(error.message).toMatch(/unspecified/);
    }
    expect(server.connections()).toBe(0);
  });

  it('refuses the cloud metadata address, literal or behind a name, without connecting', async () => {
    const lookups: string[] = [];
    const fetcher = service(
      { connectTimeoutMs: 60_000 },
      {
        lookup: async (host) => {
          lookups.push(host);
          return [{ address: '169.254.169.254', family: 4 }];
        },
      },
    );
    // A connection attempt would end otherwise: the network fence's error, or the connect limit
    // (60 s here, longer than the test may run).
    const literal = await failure(fetcher.fetch({ url: 'http://169.254.169.254/latest/meta-data/' }));
    expect(literal.code).toBe('BLOCKED_URL');
    expect(literal.message).toContain('169.254.169.254');
    const named = await failure(fetcher.fetch({ url: 'http://metadata.test/computeMetadata/v1/' }));
    expect(named.code).toBe('BLOCKED_URL');
    expect(lookups).toEqual(['metadata.test']);
  });

  it('refuses a redirect into loopback, checked at connect time', async () => {
    const inner = await serve((_req, res) => res.end('internal admin page'));
    // The "public" site: a loopback alias listed as a public range, so only it is allowed.
    const outer = await serve((_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${inner.port}/admin` }).end();
    }, '127.0.0.2');
    const fetcher = service({ publicRanges: ['127.0.0.2/32'] });
    const error = await failure(fetcher.fetch({ url: `${outer.url}/start` }));
    expect(error.code).toBe('BLOCKED_URL');
    expect(error.message).toContain('127.0.0.1');
    expect(outer.requests).toEqual(['/start']);
    expect(inner.connections()).toBe(0);
  });

  it('refuses a name that resolves to loopback, without connecting', async () => {
    const inner = await serve((_req, res) => res.end('internal'));
    const fetcher = service({}, { lookup: async () => [{ address: '127.0.0.1', family: 4 }] });
    const error = await failure(fetcher.fetch({ url: `http://rebind.test:${inner.port}/` }));
    expect(error.code).toBe('BLOCKED_URL');
    expect(inner.connections()).toBe(0);
  });

  it('refuses a redirect to file: or javascript:', async () => {
    const server = await serve((req, res) => {
      res.writeHead(302, { location: req.url === '/a' ? 'file:///etc/passwd' : 'javascript:alert(1)' }).end();
    });
    const fetcher = service();
    for (const path of ['/a', '/b']) {
      const error = await failure(fetcher.fetch({ url: server.url + path }, { allowPrivateNetworks: true }));
      expect(error.code).toBe('BLOCKED_URL');
    }
  });

  it('lets localhost through when private networks are allowed (setting or CLI flag)', async () => {
    const server = await serve((_req, res) => {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(page('Local dev server', 'Served from this machine for the test.'));
    });
    const bySetting = (await service({ allowPrivateNetworks: true }).fetch({
      url: `http://localhost:${server.port}/`,
    })) as FetchPage;
    expect(bySetting).toMatchObject({ status: 200, title: 'Local dev server', contentType: 'text/html' });
    const byFlag = (await service().fetch({ url: `${server.url}/` }, { allowPrivateNetworks: true })) as FetchPage;
    expect(byFlag.markdown).toContain('Served from this machine');
  });
});

describe('requests', () => {
  it('send browser-like Accept, Accept-Language and Accept-Encoding headers', async () => {
    let headers: http.IncomingHttpHeaders = {};
    const server = await serve((req, res) => {
      headers = req.headers;
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
    await service({ allowPrivateNetworks: true, acceptLanguage: 'de-DE,de;q=0.9' }).fetch({ url: `${server.url}/` });
    expect(headers.accept).toMatch(/^text\/html,application\/xhtml\+xml/);
    expect(headers['accept-language']).toBe('de-DE,de;q=0.9');
    expect(headers['accept-encoding']).toBe('gzip, deflate, br');
    expect(headers['user-agent']).toMatch(/Mozilla\/5\.0/);
  });
});

describe('redirects', () => {
  it('follows up to 5 hops and stops an endless chain at the 6th', async () => {
    const server = await serve((req, res) => {
      const n = Number(req.url?.split('/')[2] ?? 0);
      if (req.url?.startsWith('/hop/') && n < 5) res.writeHead(302, { location: `/hop/${n + 1}` }).end();
      else if (req.url?.startsWith('/hop/'))
        res.writeHead(200, { 'content-type': 'text/plain' }).end('arrived after five hops');
      else res.writeHead(301, { location: `/loop/${Number(req.url?.split('/')[2] ?? 0) + 1}` }).end();
    });
    const fetcher = service({ allowPrivateNetworks: true });
    const arrived = (await fetcher.fetch({ url: `${server.url}/hop/0` })) as FetchPage;
    expect(arrived).toMatchObject({ finalUrl: `${server.url}/hop/5`, markdown: 'arrived after five hops' });

    server.requests.length = 0;
    const error = await failure(fetcher.fetch({ url: `${server.url}/loop/0` }));
    expect(error.code).toBe('FETCH_FAILED');
    expect(error.message).toMatch(/more than 5 times/);
    expect(error.details).toMatchObject({ hops: 6, limit: 5 });
    expect(server.requests).toHaveLength(6);
  });
});

describe('size and time limits', () => {
  it('stops a 50 MB streamed body at the read cap', async () => {
    let written = 0;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const pump = (): void => {
        while (written < 50 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => res.destroy());
      pump();
    });
    const error = await failure(
      service({ allowPrivateNetworks: true, maxBytes: 1024 * 1024 }).fetch({ url: `${server.url}/big` }),
    );
    expect(error.code).toBe('TOO_LARGE');
    expect(error.message).toContain('1 MB');
    // The client hung up: the server never got to write all 50 MB.
    expect(written).toBeLessThan(20 * 1024 * 1024);
  });

  it('refuses a declared oversize body without reading it', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(500 * 1024 * 1024) });
      res.write('x');
    });
    const error = await failure(service({ allowPrivateNetworks: true }).fetch({ url: `${server.url}/` }));
    expect(error.code).toBe('TOO_LARGE');
    expect(error.message).toMatch(/declares 500 MB/);
  });

  it('stops a gzip bomb at the decompressed cap', async () => {
    // 32 MB of zeros compress to ~32 KB.
    const gzip = zlib.createGzip();
    const compressed: Buffer[] = [];
    gzip.on('data', (c: Buffer) => compressed.push(c));
    const zeros = Buffer.alloc(1024 * 1024);
    for (let i = 0; i < 32; i++) gzip.write(zeros);
    await new Promise((resolve) => gzip.end(resolve));
    const bomb = Buffer.concat(compressed);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(bomb);
    });
    const error = await failure(
      service({ allowPrivateNetworks: true, maxDecodedBytes: 5 * 1024 * 1024 }).fetch({ url: `${server.url}/` }),
    );
    expect(error.code).toBe('TOO_LARGE');
    expect(error.message).toMatch(/more than 5 MB when decompressed/);
  });

  it('decodes gzip, deflate and brotli bodies', async () => {
    const text = 'Compressed text survives the round trip. '.repeat(20);
    const encoders: Record<string, (b: Buffer) => Buffer> = {
      gzip: zlib.gzipSync,
      deflate: zlib.deflateSync,
      br: zlib.brotliCompressSync,
    };
    const server = await serve((req, res) => {
      const encoding = req.url!.slice(1);
      res
        .writeHead(200, { 'content-type': 'text/plain', 'content-encoding': encoding })
        .end(encoders[encoding]!(Buffer.from(text)));
    });
    const fetcher = service({ allowPrivateNetworks: true });
    for (const encoding of Object.keys(encoders)) {
      const result = (await fetcher.fetch({ url: `${server.url}/${encoding}` })) as FetchPage;
      expect(result.markdown, encoding).toBe(text);
    }
  });

  it('times out a server that never answers, at the configured limit, and drops the request', async () => {
    let dropped!: Promise<unknown>;
    const server = await serve((req) => {
      // Accept the request and say nothing; its connection closes only when the client gives up.
      dropped = new Promise((resolve) => req.socket.once('close', resolve));
    });
    const started = performance.now();
    const error = await failure(
      service({ allowPrivateNetworks: true, totalTimeoutMs: 600 }).fetch({ url: `${server.url}/slow` }),
    );
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toContain('longer than the 600 ms limit');
    // Not before the limit (load only makes it later); never answered, so it ended only by the limit.
    expect(performance.now() - started).toBeGreaterThanOrEqual(590);
    expect(server.requests).toEqual(['/slow']);
    await dropped;
  });

  it('times out a connection that is never accepted, at the connect limit', async () => {
    // A listener with a full accept queue: a stopped process whose backlog is filled, so the
    // kernel drops further SYNs and a connect hangs (all on loopback).
    const child = spawn(
      process.execPath,
      [
        '-e',
        "const s=require('net').createServer().listen({port:0,host:'127.0.0.1',backlog:1},()=>console.log(s.address().port))",
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const fillers: net.Socket[] = [];
    try {
      const port = await new Promise<number>((resolve) =>
        child.stdout.once('data', (d) => resolve(Number(String(d).trim()))),
      );
      process.kill(child.pid!, 'SIGSTOP');
      // Connections the kernel completes for the stopped listener wait in its accept queue; once
      // the queue holds more than the backlog, it is full and the kernel drops further SYNs.
      while (acceptQueueLength(port) <= 1) {
        const socket = net.connect(port, '127.0.0.1');
        fillers.push(socket);
        socket.on('error', () => undefined);
        await once(socket, 'connect');
        await waitFor(() => (acceptQueueLength(port) >= fillers.length ? true : undefined), 10_000);
      }
      const started = performance.now();
      // The total limit is far longer: only the connect limit can end this with its own message.
      const error = await failure(
        service({ allowPrivateNetworks: true, connectTimeoutMs: 400, totalTimeoutMs: 60_000, retries: 0 }).fetch({
          url: `http://127.0.0.1:${port}/`,
        }),
      );
      expect(error.code).toBe('TIMEOUT');
      expect(error.message).toContain('400 ms connect limit');
      expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    } finally {
      for (const socket of fillers) socket.destroy();
      child.kill('SIGKILL');
    }
  });

  it('times out a body that trickles forever, and drops it', async () => {
    let dropped!: Promise<unknown>;
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const timer = setInterval(() => res.write('.'), 50);
      dropped = new Promise((resolve) => res.on('close', resolve));
      res.on('close', () => clearInterval(timer));
    });
    // The body never ends: only the limit ends the fetch.
    const error = await failure(
      service({ allowPrivateNetworks: true, totalTimeoutMs: 500 }).fetch({ url: `${server.url}/` }),
    );
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toContain('longer than the 500 ms limit');
    await dropped;
  });

  it('is cancelled by the caller signal', async () => {
    const controller = new AbortController();
    // Cancelled once the server holds the request: the fetch is then in flight.
    const server = await serve(() => controller.abort());
    const error = await failure(
      service({ allowPrivateNetworks: true }).fetch({ url: `${server.url}/` }, { signal: controller.signal }),
    );
    expect(error.code).toBe('CANCELLED');
    expect(server.requests).toEqual(['/']);
  });
});

describe('retries', () => {
  it('retries 503 and a reset connection, but not 404', async () => {
    let calls = 0;
    const server = await serve((req, res) => {
      calls++;
      if (req.url === '/flaky' && calls === 1) return void res.writeHead(503).end('busy');
      if (req.url === '/reset' && calls === 1) return void req.socket.destroy();
      if (req.url === '/missing') return void res.writeHead(404).end('no');
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`ok after ${calls}`);
    });
    const fetcher = service({ allowPrivateNetworks: true });
    expect(((await fetcher.fetch({ url: `${server.url}/flaky` })) as FetchPage).markdown).toBe('ok after 2');
    calls = 0;
    expect(((await fetcher.fetch({ url: `${server.url}/reset` })) as FetchPage).markdown).toBe('ok after 2');
    calls = 0;
    const error = await failure(fetcher.fetch({ url: `${server.url}/missing` }));
    expect(error.code).toBe('FETCH_FAILED');
    expect(error.message).toMatch(/HTTP 404/);
    expect(calls).toBe(1);
  });

  it('gives up after the configured retries on a server that keeps failing', async () => {
    const server = await serve((_req, res) => res.writeHead(502).end());
    const error = await failure(service({ allowPrivateNetworks: true, retries: 2 }).fetch({ url: `${server.url}/` }));
    expect(error.message).toMatch(/HTTP 502/);
    expect(server.requests).toHaveLength(3);
  });
});

describe('rate limit and proxy', () => {
  it('limits requests per host', async () => {
    const server = await serve((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('hi'));
    const fetcher = service({ allowPrivateNetworks: true, rateLimit: { burst: 2, perSecond: 0.1, maxWaitMs: 100 } });
    await fetcher.fetch({ url: `${server.url}/1` });
    await fetcher.fetch({ url: `${server.url}/2` });
    const error = await failure(fetcher.fetch({ url: `${server.url}/3` }));
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.retryAfterMs).toBeGreaterThan(100);
    expect(server.requests).toEqual(['/1', '/2']);
  });

  it('sends every request through the configured proxy, still refusing blocked targets', async () => {
    const origin = await serve((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('via proxy'));
    // The proxy sends every tunnel to the local origin, whatever host was asked.
    const proxy = await startTunnelProxy(async () => ({ host: '127.0.0.1', port: origin.port }));
    const { tunnels } = proxy;
    try {
      const fetcher = service(
        { proxyUrl: `http://127.0.0.1:${proxy.port}` },
        { lookup: async () => [{ address: '93.184.215.14', family: 4 }] },
      );
      const result = (await fetcher.fetch({ url: 'http://public.test/page' })) as FetchPage;
      expect(result.markdown).toBe('via proxy');
      // The proxy is asked for the address Lantern resolved and checked, never for the name.
      expect(tunnels).toEqual(['93.184.215.14:80']);
      // Blocked targets are refused before the proxy is asked.
      const error = await failure(fetcher.fetch({ url: 'http://10.0.0.1/' }));
      expect(error.code).toBe('BLOCKED_URL');
      expect(tunnels).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });

  it('through the proxy, a name that resolves public first and private second reaches the checked address only', async () => {
    // rebind.test answers 127.0.0.2 (listed as public) once, then 127.0.0.1; both listen on the
    // same port. The proxy resolves names itself, with the same answers, as a real proxy would.
    const { publicService, privateService } = await startTwinServices(
      (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('the public twin answered'),
      (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('the private twin answered'),
    );
    let answers = 0;
    const lookup = async (name: string) => {
      if (name !== 'rebind.test') throw Object.assign(new Error(`unknown name ${name}`), { code: 'ENOTFOUND' });
      return [{ address: answers++ === 0 ? '127.0.0.2' : '127.0.0.1', family: 4 }];
    };
    // The proxy resolves names itself, with the same answers, as a real proxy would.
    const proxy = await startTunnelProxy(async (host, port) => ({
      host: net.isIP(host) ? host : (await lookup(host))[0]!.address,
      port,
    }));
    const { tunnels, credentials } = proxy;
    try {
      // Credentials in the proxy URL are sent to the proxy (percent-decoded), as Basic auth.
      const proxyUrl = `http://lantern:p%40ss@127.0.0.1:${proxy.port}`;
      const fetcher = service({ proxyUrl, publicRanges: ['127.0.0.2/32'], retries: 0 }, { lookup });
      const result = (await fetcher.fetch({ url: `http://rebind.test:${publicService.port}/page` })) as FetchPage;
      expect(result.markdown).toBe('the public twin answered');
      expect(credentials).toEqual([`Basic ${Buffer.from('lantern:p@ss').toString('base64')}`]);
      expect(tunnels).toEqual([`127.0.0.2:${publicService.port}`]);
      expect(answers).toBe(1);
      expect(privateService.connections()).toBe(0);
    } finally {
      await proxy.close();
      await publicService.close();
      await privateService.close();
    }
  });
});

describe('render proxy', () => {
  /** Asks the proxy to CONNECT to `target`; resolves with its status (and the tunnel, on 200). */
  function connectVia(proxyUrl: string, target: string): Promise<{ status: number; socket: net.Socket }> {
    const proxy = new URL(proxyUrl);
    return new Promise((resolve, reject) => {
      const request = http.request({ host: proxy.hostname, port: proxy.port, method: 'CONNECT', path: target });
      request.on('connect', (response: http.IncomingMessage, socket: net.Socket) =>
        resolve({ status: response.statusCode ?? 0, socket }),
      );
      request.on('error', reject);
      request.end();
    });
  }

  /** A plain proxied GET (absolute URL in the request line). */
  function getVia(proxyUrl: string, url: string): Promise<{ status: number; body: string }> {
    const proxy = new URL(proxyUrl);
    return new Promise((resolve, reject) => {
      http
        .get(
          { host: proxy.hostname, port: proxy.port, path: url, headers: { host: new URL(url).host } },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          },
        )
        .on('error', reject);
    });
  }

  it('opens only checked connections: public forwards and tunnels work, loopback in every form gets 403', async () => {
    const publicSite = await serve(
      (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('public'),
      '127.0.0.2',
    );
    const privateV4 = await serve((_req, res) => res.writeHead(200).end('private'), '127.0.0.1');
    const privateV6 = await serve((_req, res) => res.writeHead(200).end('private'), '::1');
    const proxy = await startRenderProxy(
      createGuardedConnect({
        policy: buildAddressPolicy({ allowPrivateNetworks: false, publicRanges: ['127.0.0.2/32'] }),
        lookup: async () => [{ address: '127.0.0.1', family: 4 }],
        connectTimeoutMs: 2000,
      }),
    );
    try {
      expect(await getVia(proxy.url, `${publicSite.url}/forwarded`)).toEqual({ status: 200, body: 'public' });
      const tunnel = await connectVia(proxy.url, `127.0.0.2:${publicSite.port}`);
      expect(tunnel.status).toBe(200);
      tunnel.socket.destroy();

      const refusedGet = await getVia(proxy.url, `http://[::1]:${privateV6.port}/x`);
      expect(refusedGet.status).toBe(403);
      expect(refusedGet.body).toContain('(loopback)');
      for (const target of [
        `[::1]:${privateV6.port}`,
        `127.0.0.1:${privateV4.port}`,
        `private.test:${privateV4.port}`,
      ]) {
        const { status, socket } = await connectVia(proxy.url, target);
        socket.destroy();
        expect(status, target).toBe(403);
      }
      expect(proxy.refusalFor(new URL(`http://private.test:${privateV4.port}/`))).toMatchObject({
        code: 'BLOCKED_URL',
      });
      expect(proxy.refusalFor(new URL(`${publicSite.url}/`))).toBeUndefined();
      expect(publicSite.requests).toEqual(['/forwarded']);
      expect(privateV4.connections()).toBe(0);
      expect(privateV6.connections()).toBe(0);
    } finally {
      await proxy.close();
    }
  });
});

describe('https through the proxy setting', () => {
  it('runs TLS over the tunnel to the checked address, with the name as SNI and the certificate verified', async () => {
    const tls = join(import.meta.dirname, '../fixtures/tls');
    const servernames: string[] = [];
    const secure = https.createServer({
      key: readFileSync(join(tls, 'secure.test.key')),
      cert: readFileSync(join(tls, 'secure.test.crt')),
      SNICallback: (servername, done) => {
        servernames.push(servername);
        done(null);
      },
    });
    secure.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => res.writeHead(200).end('secret'));
    await new Promise<void>((resolve) => secure.listen(0, '127.0.0.2', resolve));
    const port = (secure.address() as net.AddressInfo).port;
    const proxy = await startTunnelProxy(async (host, targetPort) => ({ host, port: targetPort }));
    const { tunnels } = proxy;
    try {
      const fetcher = service(
        { proxyUrl: `http://127.0.0.1:${proxy.port}`, publicRanges: ['127.0.0.2/32'], retries: 0 },
        { lookup: async () => [{ address: '127.0.0.2', family: 4 }] },
      );
      // The fixture certificate is self-signed: a verifying client must refuse it.
      const error = await failure(fetcher.fetch({ url: `https://secure.test:${port}/` }));
      expect(error.code).toBe('FETCH_FAILED');
      expect(error.message).toContain('SELF_SIGNED');
      expect(tunnels).toEqual([`127.0.0.2:${port}`]);
      expect(servernames).toEqual(['secure.test']);
    } finally {
      await proxy.close();
      secure.closeAllConnections();
      await new Promise((resolve) => secure.close(resolve));
    }
  });
});

/**
 * A minimal CONNECT proxy on 127.0.0.1, as a user's own proxy: `route` says where a tunnel asked
 * for `host:port` really goes. It records what it was asked for and the credentials sent.
 */
async function startTunnelProxy(route: (host: string, port: number) => Promise<{ host: string; port: number }>) {
  const tunnels: string[] = [];
  const credentials: Array<string | undefined> = [];
  const server = http.createServer((_req, res) => res.writeHead(405).end());
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    tunnels.push(req.url ?? '');
    credentials.push(req.headers['proxy-authorization']);
    const [host = '', port = ''] = (req.url ?? '').split(':');
    void route(host, Number(port)).then((target) => {
      const upstream = net.connect(target.port, target.host, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    tunnels,
    credentials,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
