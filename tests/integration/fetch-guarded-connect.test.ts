/**
 * The one place a fetch's connections are opened (guarded-connect.ts), on its own, against real
 * TCP servers and a CONNECT proxy on loopback: what it resolves, what it refuses before
 * connecting, what it asks a proxy for, and how each failure is told. Loopback is listed as a
 * public range where a test needs a connection to succeed; the strict policy refuses it.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { PassThrough } from 'node:stream';
import { join } from 'node:path';
import tls from 'node:tls';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertSocketAllowed, checkedLookup, createGuardedConnect } from '../../src/main/fetch/guarded-connect';
import { buildAddressPolicy } from '../../src/main/fetch/url-policy';
import type { LookupAll } from '../../src/main/fetch/types';
import { fenceOffNetwork } from '../support/network-fence';

let removeFence: () => void;
beforeAll(() => {
  removeFence = fenceOffNetwork();
});
afterAll(() => removeFence());

const strict = buildAddressPolicy({ allowPrivateNetworks: false, publicRanges: [] });
const loopbackPublic = buildAddressPolicy({ allowPrivateNetworks: false, publicRanges: ['127.0.0.0/8', '::1/128'] });

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

interface TcpServer {
  port: number;
  /** Connections accepted so far. */
  connections: () => number;
  /** Everything each connection sent, by connection. */
  received: string[];
}

/** A TCP server that greets each connection with `greeting` and records what it is sent. */
async function tcpServer(host = '127.0.0.1', greeting = 'hello'): Promise<TcpServer> {
  const received: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    const index = received.push('') - 1;
    socket.on('data', (chunk) => (received[index] += chunk.toString('latin1')));
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.write(greeting);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  closers.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return { port: (server.address() as net.AddressInfo).port, connections: () => received.length, received };
}

/**
 * A CONNECT proxy that answers each request head with `answer(head)`, then (for a 2xx answer)
 * tunnels to 127.0.0.1 at the port asked for, whatever the host. It records each request head.
 */
async function proxyServer(
  answer: (head: string) => string | undefined = () => 'HTTP/1.1 200 Connection Established\r\n\r\n',
) {
  const heads: string[] = [];
  let connections = 0;
  let headArrived: () => void = () => undefined;
  const firstHead = new Promise<void>((resolve) => (headArrived = resolve));
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    connections += 1;
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    let buffered = '';
    const onData = (chunk: Buffer): void => {
      buffered += chunk.toString('latin1');
      const end = buffered.indexOf('\r\n\r\n');
      if (end === -1) return;
      client.off('data', onData);
      const head = buffered.slice(0, end);
      heads.push(head);
      headArrived();
      const reply = answer(head);
      if (reply === undefined) return; // never answers
      client.write(reply);
      if (!/^HTTP\/1\.[01] 2/.test(reply)) return;
      const port = Number(/^CONNECT \S+:(\d+) /.exec(head)?.[1]);
      const upstream = net.connect(port, '127.0.0.1', () => {
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
    };
    client.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    heads,
    /** Connections accepted so far. */
    connections: () => connections,
    /** Resolves once a CONNECT head has arrived. */
    asked: () => firstHead,
  };
}

/** A resolver that answers `addresses` for every name and counts the names it was asked. */
function resolver(addresses: Array<{ address: string; family: number }>): LookupAll & { asked: string[] } {
  const asked: string[] = [];
  const lookup = async (host: string) => {
    asked.push(host);
    return addresses;
  };
  return Object.assign(lookup, { asked });
}

function firstData(socket: NodeJS.ReadableStream & NodeJS.EventEmitter): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1')));
    socket.once('error', reject);
  });
}

function lookupResult(
  lookup: ReturnType<typeof checkedLookup>,
  host: string,
  options: Parameters<ReturnType<typeof checkedLookup>>[1],
) {
  return new Promise<{ error: Error | null; address: unknown; family: number | undefined }>((resolve) =>
    lookup(host, options, (error, address, family) => resolve({ error, address, family })),
  );
}

describe('checkedLookup (the lookup net and undici call)', () => {
  const both = [
    { address: '127.0.0.1', family: 4 },
    { address: '::1', family: 6 },
  ];

  it('answers the first address, or every address when asked for all', async () => {
    const lookup = checkedLookup(loopbackPublic, resolver(both));
    expect(await lookupResult(lookup, 'site.test', {})).toEqual({ error: null, address: '127.0.0.1', family: 4 });
    expect(await lookupResult(lookup, 'site.test', { all: true })).toEqual({
      error: null,
      address: both,
      family: undefined,
    });
  });

  it('keeps to the family asked for, by number or by name', async () => {
    const lookup = checkedLookup(loopbackPublic, resolver(both));
    expect(await lookupResult(lookup, 'site.test', { family: 6 })).toMatchObject({ address: '::1', family: 6 });
    expect(await lookupResult(lookup, 'site.test', { family: 'IPv6' })).toMatchObject({ address: '::1', family: 6 });
    expect(await lookupResult(lookup, 'site.test', { family: 'IPv4', all: true })).toMatchObject({
      address: [both[0]],
    });
    expect(await lookupResult(lookup, 'site.test', { family: 4 })).toMatchObject({ address: '127.0.0.1', family: 4 });
    // 0 means either family.
    expect(await lookupResult(lookup, 'site.test', { family: 0 })).toMatchObject({ address: '127.0.0.1', family: 4 });
  });

  it('fails FETCH_FAILED when the name has no address of the family asked for', async () => {
    const lookup = checkedLookup(loopbackPublic, resolver([{ address: '127.0.0.1', family: 4 }]));
    const { error, address } = await lookupResult(lookup, 'v4only.test', { family: 'IPv6' });
    expect(error).toMatchObject({ code: 'FETCH_FAILED', message: 'v4only.test has no IPv6 address.' });
    expect(address).toBe('');
  });

  it('refuses a name when any address it resolves to is blocked', async () => {
    const lookup = checkedLookup(strict, resolver([{ address: '93.184.215.14', family: 4 }, ...both]));
    const { error } = await lookupResult(lookup, 'mixed.test', { all: true });
    expect(error).toMatchObject({ code: 'BLOCKED_URL', details: { url: 'mixed.test', address: '127.0.0.1' } });
  });
});

describe('assertSocketAllowed (the address a socket really reached)', () => {
  it('destroys and refuses a socket connected to a blocked address, and keeps an allowed one', async () => {
    const server = await tcpServer();
    for (const [policy, allowed] of [
      [strict, false],
      [loopbackPublic, true],
    ] as const) {
      const socket = net.connect(server.port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      if (allowed) {
        expect(() => assertSocketAllowed(socket, policy, 'target.test:1')).not.toThrow();
        expect(socket.destroyed).toBe(false);
        socket.destroy();
      } else {
        expect(() => assertSocketAllowed(socket, policy, 'target.test:1')).toThrow(
          expect.objectContaining({
            code: 'BLOCKED_URL',
            details: {
              url: 'target.test:1',
              address: '127.0.0.1',
              range: 'loopback',
              setting: 'fetch.allowPrivateNetworks',
            },
          }),
        );
        expect(socket.destroyed).toBe(true);
      }
    }
  });

  it('refuses a socket that has no remote address', () => {
    const socket = new net.Socket();
    expect(() => assertSocketAllowed(socket, loopbackPublic, 'target.test:1')).toThrow(
      expect.objectContaining({
        code: 'FETCH_FAILED',
        message: 'Connected to target.test:1 but the socket has no remote address.',
      }),
    );
    expect(socket.destroyed).toBe(true);
  });
});

describe('createGuardedConnect without a proxy', () => {
  it('connects to a checked literal address, IPv4 or IPv6, without asking DNS', async () => {
    const lookup = resolver([]);
    const connect = createGuardedConnect({ policy: loopbackPublic, lookup, connectTimeoutMs: 5000 });
    const v4 = await tcpServer('127.0.0.1', 'four');
    const v6 = await tcpServer('::1', 'six');
    for (const [host, port, greeting] of [
      ['127.0.0.1', v4.port, 'four'],
      ['::1', v6.port, 'six'],
      ['[::1]', v6.port, 'six'],
    ] as const) {
      const socket = await connect(host, port);
      expect(await firstData(socket), host).toBe(greeting);
      expect(socket.remotePort).toBe(port);
      socket.destroy();
    }
    expect(lookup.asked).toEqual([]);
  });

  it('connects to a name through the injected resolver, once', async () => {
    const server = await tcpServer();
    const lookup = resolver([{ address: '127.0.0.1', family: 4 }]);
    const connect = createGuardedConnect({ policy: loopbackPublic, lookup, connectTimeoutMs: 5000 });
    const socket = await connect('site.test', server.port);
    expect(await firstData(socket)).toBe('hello');
    expect(lookup.asked).toEqual(['site.test']);
    // Connected: the connect limit no longer applies to the open socket.
    expect(socket.timeout ?? 0).toBe(0);
    socket.destroy();
  });

  it('refuses a blocked literal or a name that resolves to one, without connecting', async () => {
    const server = await tcpServer();
    const lookup = resolver([{ address: '127.0.0.1', family: 4 }]);
    const connect = createGuardedConnect({ policy: strict, lookup, connectTimeoutMs: 5000 });
    await expect(connect('127.0.0.1', server.port)).rejects.toMatchObject({
      code: 'BLOCKED_URL',
      details: { url: `127.0.0.1:${server.port}`, address: '127.0.0.1', range: 'loopback' },
    });
    await expect(connect('[::1]', server.port)).rejects.toMatchObject({
      code: 'BLOCKED_URL',
      details: { address: '::1' },
    });
    await expect(connect('site.test', server.port)).rejects.toMatchObject({
      code: 'BLOCKED_URL',
      details: { url: 'site.test' },
    });
    expect(server.connections()).toBe(0);
  });

  it('passes a refused connection on as the socket error', async () => {
    const closed = await tcpServer();
    const port = closed.port;
    await closers.pop()?.();
    const connect = createGuardedConnect({ policy: loopbackPublic, lookup: resolver([]), connectTimeoutMs: 5000 });
    await expect(connect('127.0.0.1', port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('is cancelled by the signal while connecting, and not once connected', async () => {
    const server = await tcpServer();
    const connect = createGuardedConnect({
      policy: loopbackPublic,
      lookup: resolver([{ address: '127.0.0.1', family: 4 }]),
      connectTimeoutMs: 5000,
    });
    // Aborted while the name is being resolved and the connection opened.
    const cancelled = new AbortController();
    const connecting = connect('site.test', server.port, cancelled.signal);
    cancelled.abort();
    await expect(connecting).rejects.toMatchObject({
      code: 'CANCELLED',
      message: `Connecting to site.test:${server.port} was cancelled.`,
    });

    // Aborted before the call: nothing is opened.
    const before = server.connections();
    await expect(connect('site.test', server.port, AbortSignal.abort())).rejects.toMatchObject({ code: 'CANCELLED' });
    await expect(connect('127.0.0.1', server.port, AbortSignal.abort())).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(server.connections()).toBe(before);

    const later = new AbortController();
    const socket = await connect('site.test', server.port, later.signal);
    later.abort();
    expect(socket.destroyed).toBe(false);
    expect(await firstData(socket)).toBe('hello');
    socket.destroy();
  });
});

describe('createGuardedConnect through the proxy setting', () => {
  it('asks the proxy for the checked address, never the name, and tunnels through it', async () => {
    const target = await tcpServer();
    const proxy = await proxyServer();
    const lookup = resolver([{ address: '127.0.0.1', family: 4 }]);
    const connect = createGuardedConnect({
      policy: loopbackPublic,
      lookup,
      connectTimeoutMs: 5000,
      proxyUrl: `http://127.0.0.1:${proxy.port}`,
    });
    const socket = await connect('site.test', target.port);
    expect(await firstData(socket)).toBe('hello');
    socket.destroy();
    expect(proxy.heads).toEqual([`CONNECT 127.0.0.1:${target.port} HTTP/1.1\r\nHost: 127.0.0.1:${target.port}`]);
    expect(lookup.asked).toEqual(['site.test']);
  });

  it('hands over the bytes that came in the same write as the CONNECT answer (a server that speaks first)', async () => {
    // The proxy answers CONNECT and, in that one write, passes on the target's greeting line.
    const proxy = await proxyServer(() => 'HTTP/1.1 200 Connection Established\r\n\r\n220 greeter ready\r\n');
    const connect = createGuardedConnect({
      policy: loopbackPublic,
      lookup: resolver([{ address: '127.0.0.1', family: 4 }]),
      connectTimeoutMs: 5000,
      proxyUrl: `http://127.0.0.1:${proxy.port}`,
    });
    // The target itself says nothing: the greeting can only come from the answer's write.
    const silent = await tcpServer('127.0.0.1', '');
    const socket = await connect('site.test', silent.port);
    expect(await firstData(socket)).toBe('220 greeter ready\r\n');
    socket.destroy();
  });

  it('keeps the early bytes for a caller that pipes the tunnel or reads it, not only one that listens', async () => {
    const proxy = await proxyServer(() => 'HTTP/1.1 200 Connection Established\r\n\r\n220 greeter ready\r\n');
    const connect = createGuardedConnect({
      policy: loopbackPublic,
      lookup: resolver([{ address: '127.0.0.1', family: 4 }]),
      connectTimeoutMs: 5000,
      proxyUrl: `http://127.0.0.1:${proxy.port}`,
    });
    const silent = await tcpServer('127.0.0.1', '');
    const piped = await connect('site.test', silent.port);
    const sink = new PassThrough();
    piped.pipe(sink);
    expect(await firstData(sink)).toBe('220 greeter ready\r\n');
    piped.destroy();
    const read = await connect('site.test', silent.port);
    const chunk = await new Promise<string>((resolve) => read.once('readable', () => resolve(String(read.read()))));
    expect(chunk).toBe('220 greeter ready\r\n');
    read.destroy();
  });

  it("carries Node's http client through the tunnel (it listens for 'data' and never resumes)", async () => {
    const web = http.createServer((_request, response) => response.end('through'));
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => web.close(() => resolve())));
    const proxy = await proxyServer();
    const connect = createGuardedConnect({
      policy: loopbackPublic,
      lookup: resolver([{ address: '127.0.0.1', family: 4 }]),
      connectTimeoutMs: 5000,
      proxyUrl: `http://127.0.0.1:${proxy.port}`,
    });
    const socket = await connect('site.test', (web.address() as net.AddressInfo).port);
    const body = await new Promise<string>((resolve, reject) => {
      const request = http.request(
        { path: '/', headers: { connection: 'close' }, createConnection: () => socket },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve(text));
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(body).toBe('through');
  });

  it('is cancelled at once by a signal aborted before the call: neither the resolver nor the proxy is asked', async () => {
    const target = await tcpServer();
    const proxy = await proxyServer();
    const lookup = resolver([{ address: '127.0.0.1', family: 4 }]);
    const connect = createGuardedConnect({
      policy: loopbackPublic,
      lookup,
      connectTimeoutMs: 5000,
      proxyUrl: `http://127.0.0.1:${proxy.port}`,
    });
    await expect(connect('site.test', target.port, AbortSignal.abort())).rejects.toMatchObject({
      code: 'CANCELLED',
      message: `Connecting to site.test:${target.port} was cancelled.`,
    });
    expect(lookup.asked).toEqual([]);
    expect(proxy.heads).toEqual([]);
    expect(proxy.connections()).toBe(0);
    expect(target.connections()).toBe(0);
  });

  it('is cancelled by the signal while waiting for the answer to CONNECT', async () => {
    const proxy = await proxyServer(() => undefined);
    const connect = createGuardedConnect({
      policy: loopbackPublic,
      lookup: resolver([{ address: '127.0.0.1', family: 4 }]),
      connectTimeoutMs: 60_000,
      proxyUrl: `http://127.0.0.1:${proxy.port}`,
    });
    const cancelled = new AbortController();
    const connecting = connect('site.test', 9, cancelled.signal);
    await proxy.asked();
    cancelled.abort();
    await expect(connecting).rejects.toMatchObject({
      code: 'CANCELLED',
      message: 'Connecting to site.test:9 was cancelled.',
    });
  });

  it('brackets an IPv6 address in the CONNECT line', async () => {
    const proxy = await proxyServer(() => 'HTTP/1.1 403 Forbidden\r\n\r\n');
    const connect = createGuardedConnect({
      policy: loopbackPublic,
      lookup: resolver([{ address: '::1', family: 6 }]),
      connectTimeoutMs: 5000,
      proxyUrl: `http://127.0.0.1:${proxy.port}`,
    });
    await expect(connect('site.test', 8443)).rejects.toMatchObject({ code: 'FETCH_FAILED' });
    expect(proxy.heads).toEqual(['CONNECT [::1]:8443 HTTP/1.1\r\nHost: [::1]:8443']);
  });

  it('sends the proxy credentials of the URL, percent-decoded, and none when the URL has none', async () => {
    const target = await tcpServer();
    const proxy = await proxyServer();
    const lookup = resolver([{ address: '127.0.0.1', family: 4 }]);
    for (const proxyUrl of [`http://us%40er:p%3Ass@127.0.0.1:${proxy.port}`, `http://127.0.0.1:${proxy.port}`]) {
      const connect = createGuardedConnect({ policy: loopbackPublic, lookup, connectTimeoutMs: 5000, proxyUrl });
      (await connect('site.test', target.port)).destroy();
    }
    const basic = Buffer.from('us@er:p:ss').toString('base64');
    expect(proxy.heads[0]?.split('\r\n')).toEqual([
      `CONNECT 127.0.0.1:${target.port} HTTP/1.1`,
      `Host: 127.0.0.1:${target.port}`,
      `Proxy-Authorization: Basic ${basic}`,
    ]);
    expect(proxy.heads[1]).not.toContain('Proxy-Authorization');
  });

  it('refuses a blocked target before connecting to the proxy', async () => {
    const proxy = await proxyServer();
    const connect = createGuardedConnect({
      policy: strict,
      lookup: resolver([{ address: '127.0.0.1', family: 4 }]),
      connectTimeoutMs: 5000,
      proxyUrl: `http://127.0.0.1:${proxy.port}`,
    });
    await expect(connect('site.test', 80)).rejects.toMatchObject({
      code: 'BLOCKED_URL',
      details: { url: 'site.test:80' },
    });
    await expect(connect('10.0.0.1', 80)).rejects.toMatchObject({ code: 'BLOCKED_URL', details: { range: 'private' } });
    expect(proxy.heads).toEqual([]);
  });

  it('accepts any 2xx answer, of HTTP/1.0 or 1.1', async () => {
    const target = await tcpServer();
    for (const reply of ['HTTP/1.0 200 OK\r\n\r\n', 'HTTP/1.1 299 Fine\r\nVia: test\r\n\r\n']) {
      const proxy = await proxyServer(() => reply);
      const connect = createGuardedConnect({
        policy: loopbackPublic,
        lookup: resolver([{ address: '127.0.0.1', family: 4 }]),
        connectTimeoutMs: 5000,
        proxyUrl: `http://127.0.0.1:${proxy.port}`,
      });
      const socket = await connect('site.test', target.port);
      expect(await firstData(socket), reply).toBe('hello');
      socket.destroy();
    }
  });

  it.each([
    ['HTTP/1.1 407 Proxy Authentication Required\r\n\r\n', 'answer 407'],
    ['HTTP/1.1 300 Multiple Choices\r\n\r\n', 'answer 300'],
    ['HTTP/1.1 199 Early\r\n\r\n', 'answer 199'],
    ['HTTP/2 200\r\n\r\n', 'answer unreadable'],
    ['SSH-2.0-OpenSSH\r\n\r\n', 'answer unreadable'],
    ['XHTTP/1.1 200 OK\r\n\r\n', 'answer unreadable'],
  ])('refuses the tunnel when the proxy answers %j', async (reply, told) => {
    const proxy = await proxyServer(() => reply);
    const connect = createGuardedConnect({
      policy: loopbackPublic,
      lookup: resolver([{ address: '127.0.0.1', family: 4 }]),
      connectTimeoutMs: 5000,
      proxyUrl: `http://127.0.0.1:${proxy.port}`,
    });
    await expect(connect('site.test', 9)).rejects.toMatchObject({
      code: 'FETCH_FAILED',
      message: `The proxy 127.0.0.1:${proxy.port} refused to connect to 127.0.0.1:9 (${told}); check the proxy setting.`,
    });
  });

  it('refuses an oversized answer that never ends its head', async () => {
    const proxy = await proxyServer(() => `HTTP/1.1 200 OK\r\nX-Filler: ${'x'.repeat(17 * 1024)}`);
    const connect = createGuardedConnect({
      policy: loopbackPublic,
      lookup: resolver([{ address: '127.0.0.1', family: 4 }]),
      connectTimeoutMs: 5000,
      proxyUrl: `http://127.0.0.1:${proxy.port}`,
    });
    await expect(connect('site.test', 9)).rejects.toMatchObject({
      code: 'FETCH_FAILED',
      message: `The proxy 127.0.0.1:${proxy.port} sent an oversized answer to CONNECT.`,
    });
  });

  it('gives up with TIMEOUT on a proxy that never answers CONNECT', async () => {
    const proxy = await proxyServer(() => undefined);
    const connect = createGuardedConnect({
      policy: loopbackPublic,
      lookup: resolver([{ address: '127.0.0.1', family: 4 }]),
      connectTimeoutMs: 200,
      proxyUrl: `http://127.0.0.1:${proxy.port}`,
    });
    await expect(connect('site.test', 9)).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: `The proxy 127.0.0.1:${proxy.port} did not answer CONNECT within 200 ms.`,
    });
  });

  it('speaks TLS to an https proxy, with its name as SNI (none for an address), and verifies its certificate', async () => {
    const fixtures = join(import.meta.dirname, '../fixtures/tls');
    const servernames: string[] = [];
    const server = tls.createServer({
      key: readFileSync(join(fixtures, 'secure.test.key')),
      cert: readFileSync(join(fixtures, 'secure.test.crt')),
      SNICallback: (servername, done) => {
        servernames.push(servername);
        done(null);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    const port = (server.address() as net.AddressInfo).port;
    const lookup = resolver([{ address: '127.0.0.1', family: 4 }]);
    for (const proxyUrl of [`https://localhost:${port}`, `https://127.0.0.1:${port}`]) {
      const connect = createGuardedConnect({ policy: loopbackPublic, lookup, connectTimeoutMs: 5000, proxyUrl });
      // The fixture certificate is self-signed: a verifying client refuses it.
      await expect(connect('site.test', 9), proxyUrl).rejects.toMatchObject({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
    }
    expect(servernames).toEqual(['localhost']);
  });
});
