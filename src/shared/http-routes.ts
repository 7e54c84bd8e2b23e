/**
 * The local HTTP API's routes, derived from the operations table (operations.ts: method, path,
 * caller) and its schemas (operation-schemas.ts: body, query, response), plus the door's own
 * routes that carry no operation (research.stop, health, the OpenAPI document). The server's
 * router (src/main/doors/http/routes.ts) serves them, the OpenAPI document (src/main/doors/http/openapi.ts) is
 * generated from them, and the web UI's client calls the same table, so what is served, what is
 * documented and what is called cannot drift apart.
 */
import * as z from 'zod';
import {
  CallParametersSchema,
  HealthResponseSchema,
  ResearchStopRequestSchema,
  ResearchStopResponseSchema,
} from './http-contract';
import { HTTP_DOOR_ENDPOINTS, type HttpEndpoint } from './http-endpoints';
import { OPERATION_SCHEMAS, type OperationHttp, type OperationSchemas } from './operation-schemas';
import { OPERATION_NAMES, operationSpec, type OperationName } from './operations';

/** A route: where it is (HttpEndpoint), what it carries and how it is told (OperationHttp, its defaults filled in). */
export interface HttpRoute extends HttpEndpoint, Omit<OperationHttp, 'body' | 'query'> {
  /** What it carries, the first the one named for the route (none: a door route). */
  operations: readonly OperationName[];
  /**
   * agent: anyone with the bearer token, listed in the OpenAPI document; ui: only the person in
   * the web UI (its session cookie), kept out of the document (docs/security.md, "Web UI").
   */
  caller: 'agent' | 'ui';
  /** Not work (src/main/doors/http/limits.ts): answered without a place in flight or a token of the client's rate. */
  bookkeeping?: true;
  /** The body; none for a route that takes none. */
  body?: z.ZodType;
  query?: z.ZodType;
  /** With `Accept: text/event-stream`, AnswerEvent (or ResearchEvent) values as server-sent events. */
  eventStream?: true;
}

/** The HTTP door's own routes: they carry no operation. */
const DOOR_ROUTES = {
  'research.stop': {
    ...HTTP_DOOR_ENDPOINTS['research.stop'],
    // The door's own: it ends the signal of a run it holds (the run given the same runId).
    operations: [],
    caller: 'agent',
    bookkeeping: true,
    summary:
      'Ends the gathering of a research run started with ?runId=…: the run writes its report from what was read (stopped: "cancelled") and sends it as its response.',
    body: ResearchStopRequestSchema,
    query: CallParametersSchema,
    response: ResearchStopResponseSchema,
  },
  health: {
    ...HTTP_DOOR_ENDPOINTS.health,
    operations: [],
    caller: 'agent',
    bookkeeping: true,
    summary: 'Version, browser state, engine suspensions and open MCP sessions (no secrets).',
    query: CallParametersSchema,
    response: HealthResponseSchema,
  },
  openapi: {
    ...HTTP_DOOR_ENDPOINTS.openapi,
    operations: [],
    caller: 'agent',
    bookkeeping: true,
    summary: 'This document (OpenAPI 3.1), generated from the contract schemas.',
    query: CallParametersSchema,
    response: z.record(z.string(), z.unknown()),
  },
} as const satisfies Record<keyof typeof HTTP_DOOR_ENDPOINTS, HttpRoute>;

export type DoorRouteName = keyof typeof DOOR_ROUTES;

/** The route of an operation that has one of its own, with the operations sharing it. */
function operationRoute(name: OperationName, http: OperationHttp): HttpRoute {
  const spec = operationSpec(name);
  if (!spec.http || spec.caller === 'desktop')
    throw new Error(`${name} has HTTP schemas but no HTTP route in the operations table`);
  const { method, path } = spec.http;
  const request = (OPERATION_SCHEMAS[name] as OperationSchemas).request;
  const sharing = OPERATION_NAMES.filter(
    (other) =>
      other !== name && operationSpec(other).http?.path === path && operationSpec(other).http?.method === method,
  );
  const body = http.body ?? (method === 'POST' ? request : undefined);
  return {
    method,
    path,
    operations: [name, ...sharing],
    caller: spec.caller,
    summary: http.summary,
    ...(body ? { body } : {}),
    query: http.query ?? CallParametersSchema,
    ...(http.numericQuery ? { numericQuery: http.numericQuery } : {}),
    response: http.response,
    ...(http.plainText ? { plainText: true } : {}),
    ...(spec.events ? { eventStream: true } : {}),
    ...(http.responseEventForAgents ? { responseEventForAgents: true } : {}),
    ...(http.maxBodyBytes ? { maxBodyBytes: http.maxBodyBytes } : {}),
  };
}

/** Every route by name: an operation's route is named for it (search's carries searchMany too). */
export const HTTP_ROUTES: Readonly<Record<string, HttpRoute>> = {
  ...Object.fromEntries(
    OPERATION_NAMES.flatMap((name) => {
      const { http } = OPERATION_SCHEMAS[name] as OperationSchemas;
      return http ? [[name, operationRoute(name, http)]] : [];
    }),
  ),
  ...DOOR_ROUTES,
};

/** The table's routes for one kind of caller, in the table's order (the OpenAPI document's). */
export function httpRoutesFor(caller: HttpRoute['caller']): Array<[string, HttpRoute]> {
  return Object.entries(HTTP_ROUTES).filter(([, route]) => route.caller === caller);
}
