/**
 * An HTTP proxy on 127.0.0.1 that the rendering browser sends its whole network through, so that
 * every connection it makes (document, redirect hop, subresource, popup, worker, WebSocket) is
 * opened by Lantern's guarded connector: resolved once, checked once, connected to the checked
 * address. A request-level hook in the browser cannot promise that; a connection-level proxy can.
 * Serves plain `GET http://…` forwards and `CONNECT` tunnels (https, and every WebSocket: Chromium
 * tunnels ws:// through an HTTP proxy too); anything refused gets 403 and never reaches its target.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { GuardedConnect } from './guarded-connect';

export interface RenderProxy {
  /** e.g. "http://127.0.0.1:43121", for the browser's proxy setting. */
  url: string;
  /** Why a connection to this URL's host and port was refused, if it was (the browser only sees 403). */
  refusalFor(url: URL): Error | undefined;
  close(): Promise<void>;
}

/** Headers that describe the hop to the proxy, not the request. */
const HOP_HEADERS = new Set(['proxy-connection', 'proxy-authorization', 'connection', 'keep-alive']);

export async function startRenderProxy(guardedConnect: GuardedConnect): Promise<RenderProxy> {
  const refusals = new Map<string, Error>();
  const connect: GuardedConnect = (host, port, signal) =>
    guardedConnect(host, port, signal).catch((error: Error) => {
      refusals.set(`${host}:${port}`, error);
      throw error;
    });
  const sockets = new Set<Duplex>();
  const track = (socket: Duplex): void => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const server = http.createServer((request, response) => forward(request, response, connect, track));
  server.on('connection', track);
  server.on('connect', (request: http.IncomingMessage, client: Duplex, head: Buffer) =>
    tunnel(request, client, head, connect, track),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    refusalFor: (url) => refusals.get(`${url.hostname}:${Number(url.port) || (url.protocol === 'https:' ? 443 : 80)}`),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A proxied plain-http request: `GET http://host:port/path`. */
function forward(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  connect: GuardedConnect,
  track: (socket: Duplex) => void,
): void {
  const target = absoluteHttpUrl(request.url);
  if (target === undefined) {
    response.writeHead(400).end();
    return;
  }
  const upstream = http.request({
    method: request.method,
    path: target.pathname + target.search,
    headers: withoutHopHeaders(request.rawHeaders),
    // No agent (not even `agent: false`, which makes a fresh one that dials on its own): the only
    // socket this request may use is the guarded one.
    createConnection: (_options, created: (error: Error | null, socket?: Socket) => void) => {
      connect(target.hostname, portOf(target)).then(
        (socket) => {
          track(socket);
          created(null, socket);
        },
        (error: Error) => created(error),
      );
      return undefined;
    },
  } as http.RequestOptions);
  upstream.on('response', (answer) => {
    response.writeHead(answer.statusCode ?? 502, answer.statusMessage, withoutHopHeaders(answer.rawHeaders));
    answer.pipe(response);
  });
  upstream.on('error', (error) => {
    // With a body, Chromium lands on this answer (at the refused URL) instead of failing the
    // navigation, so the caller can tell which document was refused and why.
    if (!response.headersSent)
      response.writeHead(403, { 'content-type': 'text/plain' }).end(`Lantern refused: ${error.message}`);
    else response.destroy();
  });
  request.pipe(upstream);
}

/** `CONNECT host:port`: https and wss, opaque to us once the checked connection stands. */
function tunnel(
  request: http.IncomingMessage,
  client: Duplex,
  head: Buffer,
  connect: GuardedConnect,
  track: (socket: Duplex) => void,
): void {
  track(client);
  client.on('error', () => client.destroy());
  const target = hostAndPort(request.url);
  if (target === undefined) {
    client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
    return;
  }
  connect(target.host, target.port).then(
    (upstream) => {
      track(upstream);
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      splice(client, upstream, head);
    },
    () => client.end('HTTP/1.1 403 Forbidden\r\n\r\n'),
  );
}

function splice(client: Duplex, upstream: Socket, head: Buffer): void {
  if (head.length > 0) upstream.write(head);
  upstream.on('error', () => client.destroy());
  client.on('error', () => upstream.destroy());
  upstream.pipe(client);
  client.pipe(upstream);
}

function absoluteHttpUrl(raw: string | undefined): URL | undefined {
  try {
    const url = new URL(raw ?? '');
    return url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function portOf(url: URL): number {
  return Number(url.port) || 80;
}

/** "example.org:443" or "[::1]:443" → host and port. */
function hostAndPort(raw: string | undefined): { host: string; port: number } | undefined {
  const match = /^(\[[^\]]+\]|[^:[\]]+):(\d{1,5})$/.exec(raw ?? '');
  const port = Number(match?.[2]);
  return match && port > 0 && port < 65536 ? { host: match[1]!, port } : undefined;
}

/** Raw headers (name, value, name, value…) without the hop-by-hop ones. */
function withoutHopHeaders(rawHeaders: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    if (!HOP_HEADERS.has(name.toLowerCase())) kept.push(name, rawHeaders[i + 1]!);
  }
  return kept;
}
