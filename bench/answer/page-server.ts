/**
 * One HTTP server on 127.0.0.1 serving recorded pages: a path per page, `text/html` with the
 * page's own stored bytes (gunzipped; no charset parameter, so the page's <meta charset> decides,
 * as it would for a server that sends none). Unknown paths are 404. It counts the requests it
 * answered, so the harness can leave the fetch rate limit time to refill between questions.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PageServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Serves `bytes` at `path` (starting with "/") from now on; returns the page's URL. */
  add(path: string, bytes: Uint8Array): string;
  /** Requests answered so far (any path, any status). */
  requests(): number;
  close(): Promise<void>;
}

export async function startPageServer(): Promise<PageServer> {
  const pages = new Map<string, Uint8Array>();
  let requests = 0;
  const server: Server = createServer((request, response) => {
    requests++;
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const body = pages.get(path);
    if (body === undefined || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html', 'content-length': body.byteLength });
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    add(path, bytes) {
      pages.set(path, bytes);
      return `${origin}${path}`;
    },
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
