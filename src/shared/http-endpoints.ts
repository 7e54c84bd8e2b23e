/**
 * Each HTTP route's method and path, without zod: all the web UI's client needs to call it, so the
 * page does not carry the schema library. The route table (http-routes.ts) adds to each its
 * operations, callers and schemas, and must list exactly these routes.
 */
export interface HttpEndpoint {
  method: 'GET' | 'POST' | 'DELETE';
  /** With {name} path parameters. */
  path: string;
}

export const HTTP_ENDPOINTS = {
  search: { method: 'POST', path: '/v1/search' },
  fetch: { method: 'POST', path: '/v1/fetch' },
  answer: { method: 'POST', path: '/v1/answer' },
  'research.plan': { method: 'POST', path: '/v1/research/plan' },
  'research.run': { method: 'POST', path: '/v1/research' },
  'research.stop': { method: 'POST', path: '/v1/research/stop' },
  'history.list': { method: 'GET', path: '/v1/history' },
  'history.search': { method: 'GET', path: '/v1/history/search' },
  'history.get': { method: 'GET', path: '/v1/history/{id}' },
  'history.export': { method: 'GET', path: '/v1/history/{id}/export' },
  'history.delete': { method: 'DELETE', path: '/v1/history/{id}' },
  'captcha.pending': { method: 'GET', path: '/v1/captcha/pending' },
  'captcha.wait': { method: 'POST', path: '/v1/captcha/wait' },
  health: { method: 'GET', path: '/v1/health' },
  openapi: { method: 'GET', path: '/v1/openapi.json' },
  'settings.get': { method: 'GET', path: '/v1/settings' },
  'settings.update': { method: 'POST', path: '/v1/settings' },
  'settings.reset': { method: 'POST', path: '/v1/settings/reset' },
  'access.token': { method: 'GET', path: '/v1/token' },
  'access.rotateToken': { method: 'POST', path: '/v1/token/rotate' },
  'access.llmKeyState': { method: 'GET', path: '/v1/llm-key' },
  'access.setLlmKey': { method: 'POST', path: '/v1/llm-key' },
  resetSearchSession: { method: 'POST', path: '/v1/search-session/reset' },
  'captcha.solve': { method: 'POST', path: '/v1/captcha/solve' },
} as const satisfies Record<string, HttpEndpoint>;

/** A route's path with its {name} parameters filled in, each percent-encoded. */
export function routePath(route: HttpEndpoint, params: Record<string, unknown> = {}): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.path} needs its ${name} parameter`);
    return encodeURIComponent(String(value));
  });
}
