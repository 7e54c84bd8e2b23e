import { net, protocol } from 'electron';
import { join, normalize, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isPagePath } from '../../../shared/thread-address';

export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://lantern`;

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** Must run before app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Serves the built UI from `rendererDir` under app://lantern/ with a strict CSP; a thread's address (/t/<id>) is the page. */
export function serveRenderer(rendererDir: string): void {
  const root = normalize(rendererDir + sep);
  protocol.handle(APP_SCHEME, async (request) => {
    const { pathname } = new URL(request.url);
    const page = isPagePath(pathname);
    const file = normalize(join(root, decodeURIComponent(page ? '/index.html' : pathname)));
    if (!file.startsWith(root)) return new Response('Not found', { status: 404 });
    const response = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', CSP);
    return new Response(response.body, { status: response.status, headers });
  });
}
