/**
 * `lantern serve` as a person or agent runs it (the built CLI): another port when the asked one
 * is taken, the discovery file and the 0600 token file, `lantern token --rotate` (the old token
 * then 401), and SIGTERM: requests in flight cancelled, exit 0, discovery file removed, no
 * Chromium left — also in the middle of an answer's event stream, which the client sees end cleanly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoveryPath, readDiscovery, type Discovery } from '../../src/main/doors/http/discovery';
import { tokenPath } from '../../src/main/settings/api-token';
import { chromiumProfileDir } from '../../src/main/app/paths';
import { SearchResponseSchema } from '../../src/shared/contract';
import { assertBuiltFromCurrentSources } from '../support/built-output';
import { chromiumProcessesFor } from '../support/chromium-processes';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web';
import { PROJECT_ROOT, runCli, tempDataDir } from '../support/run-cli';
import { waitFor } from '../support/wait-for';

let web: FixtureWeb;
let squatter: Server;
let takenPort: number;
beforeAll(async () => {
  web = await startFixtureWeb();
  squatter = createServer((_req, res) => res.end());
  await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
  takenPort = (squatter.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => squatter.close(() => resolve()));
  await web.close();
});

/** Only against a hang: the waits below end on an event (a file written, a line printed). */
const BACKSTOP_MS = 60_000;

/**
 * The discovery file of `lantern serve`, once written (the spawn and its start-up are in no budget
 * but the backstop), or the child's stderr if it exits first.
 */
async function untilServing(dataDir: string, exited: Promise<number | null>, stderr: () => string): Promise<Discovery> {
  const gone = exited.then((code) => {
    throw new Error(`lantern serve exited (${code}) before it wrote its discovery file: ${stderr()}`);
  });
  return Promise.race([waitFor(() => readDiscovery(dataDir), BACKSTOP_MS), gone]);
}

function call(port: number, token: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe('lantern serve (built CLI)', () => {
  it('serves on another port when the asked one is taken, rotates its token, and shuts down cleanly on SIGTERM', async () => {
    assertBuiltFromCurrentSources(
      PROJECT_ROOT,
      'dist/cli.js',
      ['src/main', 'src/shared', 'package.json'],
      'npm run build:cli',
    );
    const dataDir = tempDataDir();
    const env = {
      ...process.env,
      LANTERN_DATA_DIR: dataDir,
      LANTERN_ENGINE_URL_GOOGLE: web.origin,
      LANTERN_PAGE_TIMEOUT_MS: '30000',
    };
    const child: ChildProcess = spawn(
      process.execPath,
      [join(PROJECT_ROOT, 'bin/lantern.js'), 'serve', '--port', String(takenPort)],
      { env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const discovery = await untilServing(dataDir, exited, () => stderr);
      expect(discovery.pid).toBe(child.pid);
      expect(discovery.port).not.toBe(takenPort);
      expect(discovery.url).toBe(`http://127.0.0.1:${discovery.port}`);
      expect(Number.isNaN(Date.parse(discovery.startedAt))).toBe(false);
      // The discovery file can be there before the child's output has reached this process.
      await waitFor(
        () =>
          stderr.includes(`Port ${takenPort} is taken; listening on ${discovery.port} instead.`) ? true : undefined,
        BACKSTOP_MS,
      );
      await waitFor(() => (stdout.includes(discovery.url) ? true : undefined), BACKSTOP_MS);

      expect(statSync(tokenPath(dataDir)).mode & 0o777).toBe(0o600);
      const token = readFileSync(tokenPath(dataDir), 'utf8').trim();
      expect(stdout + stderr).not.toContain(token);

      const search = await call(discovery.port, token, '/v1/search', { query: 'coffee', engine: 'google', limit: 3 });
      expect(search.status).toBe(200);
      expect(SearchResponseSchema.parse(await search.json()).results).toHaveLength(3);
      expect(chromiumProcessesFor(chromiumProfileDir(dataDir)).length).toBeGreaterThan(0);

      const rotated = await runCli(['token', '--rotate'], { LANTERN_DATA_DIR: dataDir });
      expect(rotated.code).toBe(0);
      const newToken = rotated.stdout.trim();
      expect(newToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(newToken).not.toBe(token);
      expect(statSync(tokenPath(dataDir)).mode & 0o777).toBe(0o600);
      expect((await call(discovery.port, token, '/v1/health')).status).toBe(401);
      expect((await call(discovery.port, newToken, '/v1/health')).status).toBe(200);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(existsSync(discoveryPath(dataDir))).toBe(false);
      // Chromium's helper processes exit a moment after the browser itself.
      await expect.poll(() => chromiumProcessesFor(chromiumProfileDir(dataDir)), { timeout: 30_000 }).toEqual([]);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 90_000);

  it('on SIGTERM cancels a request still in flight, answers it, and exits', async () => {
    const { dataDir, slowUrl, pageAsked, child, exited, discovery, token, close } = await serveBesideHangingPage();
    try {
      const inFlight = call(discovery.port, token, '/v1/fetch', { url: slowUrl, render: 'never' });
      // The server is fetching the page, which never answers: the request is in flight.
      await pageAsked;
      child.kill('SIGTERM');
      const response = await inFlight;
      // Cancelled by the shutdown, not ended by the fetch's own limit (that would be a TIMEOUT).
      expect(response.status).toBe(503);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('CANCELLED');
      expect(await exited).toBe(0);
      expect(existsSync(discoveryPath(dataDir))).toBe(false);
    } finally {
      await close();
    }
  }, 90_000);

  it("on SIGTERM during an answer's event stream: the stream ends cleanly, exit 0, no Chromium left, no discovery file", async () => {
    const { dataDir, slowUrl, child, exited, discovery, token, close } = await serveBesideHangingPage();
    try {
      // A search first, so that the server has a browser to leave behind.
      expect(
        (await call(discovery.port, token, '/v1/search', { query: 'coffee', engine: 'google', limit: 3 })).status,
      ).toBe(200);
      expect(chromiumProcessesFor(chromiumProfileDir(dataDir)).length).toBeGreaterThan(0);

      const response = await fetch(`http://127.0.0.1:${discovery.port}/v1/answer`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ question: 'How much caffeine is in a shot of espresso?', urls: [slowUrl] }),
      });
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let text = '';
      while (!text.includes('event: sources')) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before its sources: ${text}`);
        text += decoder.decode(value, { stream: true });
      }
      child.kill('SIGTERM');
      // Read to the end: a reset connection would reject here instead of ending.
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      const events = text
        .split('\n\n')
        .filter((block) => block.startsWith('event: '))
        .map((block) => /^event: (.*)$/m.exec(block)?.[1]);
      expect(events.at(-1)).toBe('error');
      expect(text).toMatch(/"code":"CANCELLED"/);
      expect(await exited).toBe(0);
      expect(existsSync(discoveryPath(dataDir))).toBe(false);
      // Chromium's helper processes exit a moment after the browser itself.
      await expect.poll(() => chromiumProcessesFor(chromiumProfileDir(dataDir)), { timeout: 30_000 }).toEqual([]);
    } finally {
      await close();
    }
  }, 90_000);
});

/**
 * `lantern serve` (the built CLI, private networks allowed) beside a page server that accepts and
 * never answers, so a fetch or an answer stays in flight until the server is stopped; `pageAsked`
 * resolves when that page has been asked for.
 */
async function serveBesideHangingPage() {
  const dataDir = tempDataDir();
  let asked!: () => void;
  const pageAsked = new Promise<void>((resolve) => (asked = resolve));
  const hanging = createServer(() => asked());
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  const slowUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/slow`;
  expect(
    (await runCli(['settings', 'set', 'fetch.allowPrivateNetworks', 'true'], { LANTERN_DATA_DIR: dataDir })).code,
  ).toBe(0);
  const env = {
    ...process.env,
    LANTERN_DATA_DIR: dataDir,
    LANTERN_ENGINE_URL_GOOGLE: web.origin,
    LANTERN_PAGE_TIMEOUT_MS: '30000',
  };
  const child = spawn(process.execPath, [join(PROJECT_ROOT, 'bin/lantern.js'), 'serve', '--port', String(takenPort)], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const close = async (): Promise<void> => {
    if (child.exitCode === null) child.kill('SIGKILL');
    hanging.closeAllConnections();
    await new Promise<void>((resolve) => hanging.close(() => resolve()));
  };
  try {
    const discovery = await untilServing(dataDir, exited, () => stderr);
    const token = readFileSync(tokenPath(dataDir), 'utf8').trim();
    return { dataDir, slowUrl, pageAsked, child, exited, discovery, token, close };
  } catch (error) {
    await close();
    throw error;
  }
}
