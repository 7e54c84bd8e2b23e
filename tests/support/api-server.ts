/**
 * The local API over a real Node runtime (Chromium, SQLite) on loopback, with its ResearchApi
 * wrapped to count calls: a guard test proves no handler ran by the count staying at zero.
 */
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiServer, type ApiServer, type ApiServerOptions } from '../../src/main/doors/http/server';
import { ensureToken, readToken } from '../../src/main/settings/api-token';
import { createNodeRuntime } from '../../src/main/app/node-runtime';
import type { ResearchApi } from '../../src/shared/api';

export interface TestApi {
  server: ApiServer;
  dataDir: string;
  token: () => string;
  /** ResearchApi calls made so far, by method name ("search", "history.list", …). */
  calls: string[];
  /** How each call ended, as "search:fulfilled" or "answer:rejected:CANCELLED", in the order they ended. */
  settled: string[];
  /** The runtime behind the server, for setting up (never counted). */
  runtime: ReturnType<typeof createNodeRuntime>;
  close(): Promise<void>;
}

function counting<T extends object>(target: T, calls: string[], settled: string[], prefix = ''): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      const value: unknown = Reflect.get(object, key, receiver);
      if (typeof key !== 'string') return value;
      if (typeof value === 'function') {
        return (...args: unknown[]) => {
          const name = `${prefix}${key}`;
          calls.push(name);
          const result = (value as (...a: unknown[]) => unknown).apply(object, args);
          if (result instanceof Promise) {
            result.then(
              () => settled.push(`${name}:fulfilled`),
              (error: unknown) => settled.push(`${name}:rejected:${(error as { code?: string }).code ?? 'unknown'}`),
            );
          }
          return result;
        };
      }
      if (
        value &&
        typeof value === 'object' &&
        ['research', 'history', 'settings', 'captcha', 'access', 'models', 'library'].includes(key)
      )
        return counting(value, calls, settled, `${key}.`);
      return value;
    },
  });
}

export async function startTestApi(
  env: Record<string, string> = {},
  options: Partial<ApiServerOptions> = {},
): Promise<TestApi> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lantern-api-test-'));
  ensureToken(dataDir);
  const runtime = createNodeRuntime({
    env: { ...process.env, LANTERN_PAGE_TIMEOUT_MS: '30000', ...env, LANTERN_DATA_DIR: dataDir },
  });
  const calls: string[] = [];
  const settled: string[] = [];
  const token = (): string => readToken(dataDir) as string;
  const server = await startApiServer({
    api: counting<ResearchApi>(runtime, calls, settled),
    token,
    port: 0,
    log: () => {},
    browserState: () => runtime.browserState(),
    ...options,
  });
  return {
    server,
    dataDir,
    token,
    calls,
    settled,
    runtime,
    async close() {
      await server.close(500);
      await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json: () => unknown;
}

/** A request with exactly these headers (fetch would set Host and refuse to send some). */
export function rawRequest(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      // A connection of its own: a test's malformed request (a GET with a body) cannot spoil the next one's.
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers ?? {},
        setHost: false,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) as unknown });
        });
      },
    );
    // The server may answer (413) and close before a large body is sent: that is its answer.
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** The headers a well-behaved local client sends. */
export function goodHeaders(api: TestApi, extra: Record<string, string> = {}): Record<string, string> {
  return {
    host: `127.0.0.1:${api.server.port}`,
    authorization: `Bearer ${api.token()}`,
    'content-type': 'application/json',
    ...extra,
  };
}
