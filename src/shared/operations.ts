/**
 * The one operations table: every ResearchApi operation, named as it is called (`history.list`),
 * with who may call it, how it travels over HTTP, and whether it can be cancelled or tells its
 * steps as events. Its request and result types are the ResearchApi method's (src/shared/api.ts);
 * its zod schemas are in operation-schemas.ts, keyed by the same names. Derived from the two: the
 * IPC channels and contract (ipc-channels.ts, ipc.ts), the preload bridge, the HTTP routes and
 * the OpenAPI document (http-routes.ts), the doors' dispatch (src/main/common/operation-call.ts), and the
 * renderer's one client (src/renderer/src/client/api-client.ts).
 *
 * Without zod, so the preload and the web page that import it stay small.
 */
import type { AccessApi, AnswerOptions, ModelsApi, ResearchApi } from './api';
import type { HttpEndpoint } from './http-endpoints';

/** ResearchApi with everything a door may offer: the person's access and resetting the search session. */
export type FullApi = Required<ResearchApi> & { readonly access: AccessApi; readonly models: ModelsApi };

type Groups = { [K in keyof FullApi]: FullApi[K] extends (...args: never[]) => unknown ? never : K }[keyof FullApi];

/** A ResearchApi method, named as called: `search`, `history.list`, `access.token`, … */
export type OperationName =
  | { [K in keyof FullApi]: FullApi[K] extends (...args: never[]) => unknown ? K : never }[keyof FullApi]
  | { [G in Groups]: `${G}.${keyof FullApi[G] & string}` }[Groups];

type Method<N extends OperationName> = N extends `${infer G}.${infer M}`
  ? G extends Groups
    ? M extends keyof FullApi[G]
      ? FullApi[G][M]
      : never
    : never
  : N extends keyof FullApi
    ? FullApi[N]
    : never;
type Fn<T> = T extends (...args: infer A) => infer R ? { args: A; result: R } : never;

/** What the operation takes (its first parameter). */
export type OperationRequest<N extends OperationName> = Fn<Method<N>>['args'] extends []
  ? undefined
  : Fn<Method<N>>['args'][0];
/** What it answers. */
export type OperationResult<N extends OperationName> = Awaited<Fn<Method<N>>['result']>;
/** The options of its call (its second parameter). */
export type OperationOptions<N extends OperationName> = Fn<Method<N>>['args'] extends { 1?: infer O }
  ? NonNullable<O>
  : never;
/** The events it tells while it runs, for an operation with `events`. */
export type OperationEvent<N extends OperationName> =
  OperationOptions<N> extends { onEvent?: (event: infer E) => void } ? E : never;

/** The call options a caller may set itself: everything else a door decides (src/main/common/caller.ts). */
export type CallerSetOption = keyof Pick<AnswerOptions, 'threadId'>;

export interface OperationSpec {
  /**
   * agent: anyone with the API token (HTTP, and listed in the OpenAPI document) and the person's
   * UIs; ui: only a person's UI (the desktop app, the web UI's session: docs/security.md, "Web
   * UI"); desktop: only the desktop app, over IPC.
   */
  caller: 'agent' | 'ui' | 'desktop';
  /** How it is reached over HTTP (none for `desktop`). */
  http?: HttpEndpoint & {
    /** Shares its route with another operation and is the one called when the body has this field (searchMany: `queries`). */
    when?: string;
    /** Stopped by this door route with the run's id (research.stop): the result still comes back. */
    stoppedBy?: 'research.stop';
  };
  /** Can take long: the caller's signal cancels it (IPC's call:cancel, HTTP closing the connection). */
  cancellable?: true;
  /** Tells its steps as events while it runs (IPC pushes, HTTP server-sent events). */
  events?: true;
  /** The call options the caller may set (CallerSetOption), e.g. the thread a follow-up continues. */
  options?: readonly CallerSetOption[];
}

export const OPERATIONS = {
  search: { caller: 'agent', http: { method: 'POST', path: '/v1/search' }, cancellable: true },
  searchMany: { caller: 'agent', http: { method: 'POST', path: '/v1/search', when: 'queries' }, cancellable: true },
  fetch: { caller: 'agent', http: { method: 'POST', path: '/v1/fetch' }, cancellable: true },
  answer: {
    caller: 'agent',
    http: { method: 'POST', path: '/v1/answer' },
    cancellable: true,
    events: true,
    options: ['threadId'],
  },
  'research.plan': { caller: 'agent', http: { method: 'POST', path: '/v1/research/plan' }, cancellable: true },
  'research.run': {
    caller: 'agent',
    http: { method: 'POST', path: '/v1/research', stoppedBy: 'research.stop' },
    cancellable: true,
    events: true,
  },
  'history.list': { caller: 'agent', http: { method: 'GET', path: '/v1/history' } },
  'history.search': { caller: 'agent', http: { method: 'GET', path: '/v1/history/search' } },
  'history.get': { caller: 'agent', http: { method: 'GET', path: '/v1/history/{id}' } },
  'history.export': { caller: 'agent', http: { method: 'GET', path: '/v1/history/{id}/export' } },
  'history.delete': { caller: 'agent', http: { method: 'DELETE', path: '/v1/history/{id}' } },
  'captcha.pending': { caller: 'agent', http: { method: 'GET', path: '/v1/captcha/pending' } },
  'captcha.wait': { caller: 'agent', http: { method: 'POST', path: '/v1/captcha/wait' }, cancellable: true },
  // The library: agents list and search it; only a person's UI adds files by path, removes or re-indexes.
  'library.list': { caller: 'agent', http: { method: 'GET', path: '/v1/library' } },
  'library.search': { caller: 'agent', http: { method: 'GET', path: '/v1/library/search' } },
  'library.add': { caller: 'ui', http: { method: 'POST', path: '/v1/library/add' }, cancellable: true, events: true },
  'library.remove': { caller: 'ui', http: { method: 'POST', path: '/v1/library/remove' } },
  'library.read': { caller: 'ui', http: { method: 'POST', path: '/v1/library/read' } },
  // A person's choice: a page they read kept, a folder no longer followed.
  'library.save': { caller: 'ui', http: { method: 'POST', path: '/v1/library/save' } },
  'library.unwatch': { caller: 'ui', http: { method: 'POST', path: '/v1/library/unwatch' } },
  'library.import': {
    caller: 'ui',
    http: { method: 'POST', path: '/v1/library/import' },
    cancellable: true,
    events: true,
  },
  'library.reindex': {
    caller: 'ui',
    http: { method: 'POST', path: '/v1/library/reindex' },
    cancellable: true,
    events: true,
  },
  'settings.get': { caller: 'ui', http: { method: 'GET', path: '/v1/settings' } },
  'settings.update': { caller: 'ui', http: { method: 'POST', path: '/v1/settings' } },
  'settings.reset': { caller: 'ui', http: { method: 'POST', path: '/v1/settings/reset' } },
  'access.token': { caller: 'ui', http: { method: 'GET', path: '/v1/token' } },
  'access.rotateToken': { caller: 'ui', http: { method: 'POST', path: '/v1/token/rotate' } },
  'access.llmKeyState': { caller: 'ui', http: { method: 'GET', path: '/v1/llm-key' } },
  'access.setLlmKey': { caller: 'ui', http: { method: 'POST', path: '/v1/llm-key' } },
  resetSearchSession: { caller: 'ui', http: { method: 'POST', path: '/v1/search-session/reset' } },
  'captcha.solve': { caller: 'ui', http: { method: 'POST', path: '/v1/captcha/solve' }, cancellable: true },
  // The model answers are written with: a person's UI only (a choice names where pages are sent; a download fills their disk).
  'models.find': { caller: 'ui', http: { method: 'GET', path: '/v1/models/servers' }, cancellable: true },
  'models.catalog': { caller: 'ui', http: { method: 'GET', path: '/v1/models/catalog' } },
  'models.download': {
    caller: 'ui',
    http: { method: 'POST', path: '/v1/models/download' },
    cancellable: true,
    events: true,
  },
  'models.remove': { caller: 'ui', http: { method: 'POST', path: '/v1/models/remove' } },
  'models.choose': { caller: 'ui', http: { method: 'POST', path: '/v1/models/choose' } },
  'models.test': { caller: 'ui', http: { method: 'POST', path: '/v1/models/test' }, cancellable: true },
} as const satisfies Record<OperationName, OperationSpec>;

export const OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];

/** The table's entry for an operation, as the general type (the table's literal types are narrower). */
export const operationSpec = (name: OperationName): OperationSpec => OPERATIONS[name];
