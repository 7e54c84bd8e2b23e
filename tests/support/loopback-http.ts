/** What the test sites on 127.0.0.1 share: listening on a free port, and answering with a page. */
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on a free port of 127.0.0.1; the server's origin. */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export function sendHtml(
  res: ServerResponse,
  html: string | Buffer,
  status = 200,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
  res.end(html);
}
