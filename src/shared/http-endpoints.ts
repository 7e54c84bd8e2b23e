/**
 * Methods and paths over HTTP, without zod: the operations' own are in the operations table
 * (operations.ts); these are the HTTP door's own routes, which carry no operation. The web UI's
 * client needs no more than this, so the page does not carry the schema library.
 */
export interface HttpEndpoint {
  method: 'GET' | 'POST' | 'DELETE';
  /** With {name} path parameters. */
  path: string;
}

export const HTTP_DOOR_ENDPOINTS = {
  /** Ends the gathering of a research run started with ?runId= (operations.ts, `stoppedBy`). */
  'research.stop': { method: 'POST', path: '/v1/research/stop' },
  health: { method: 'GET', path: '/v1/health' },
  openapi: { method: 'GET', path: '/v1/openapi.json' },
} as const satisfies Record<string, HttpEndpoint>;

/** The names of a route's {name} path parameters. */
export function pathParameters(route: HttpEndpoint): string[] {
  return [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
}

/** A route's path with its {name} parameters filled in, each percent-encoded. */
export function routePath(route: HttpEndpoint, params: Record<string, unknown> = {}): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.path} needs its ${name} parameter`);
    return encodeURIComponent(String(value));
  });
}
