/**
 * Web mode for the UI tests: the same server `lantern serve` runs (startLanternServer) over a
 * real Node runtime (Chromium, SQLite) in a temporary data dir, its Google pointed at the answer
 * site on loopback. Started in the test's process so a test can play the person in the CAPTCHA
 * window (onReveal hands it the window's page).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startLanternServer, type LanternServer } from '../../../src/main/doors/http/lantern-server';
import { createNodeRuntime, type NodeRuntimeOptions } from '../../../src/main/app/node-runtime';
import { assertBuiltFromCurrentSources } from '../../support/built-output';
import { PROJECT_ROOT } from '../../support/run-cli';

export const RENDERER_DIR = join(PROJECT_ROOT, 'out/renderer');

export interface WebMode {
  origin: string;
  dataDir: string;
  /** A fresh one-time sign-in link. */
  loginUrl(): string;
  /** Stops the server and the runtime and starts both again on the same data dir (the same port). */
  restart(): Promise<void>;
  /** Pages shown to the person for a CAPTCHA, as they open. */
  revealed: Page[];
  close(): Promise<void>;
}

export async function startWebMode(options: {
  engine: string;
  dataDir?: string;
  /** The engines' pacing; none by default. */
  searchPacing?: NodeRuntimeOptions['searchPacing'];
  /** More of the runtime's environment: other engines' stand-ins, or no DISPLAY (a server without a screen). */
  env?: Record<string, string>;
  /** Serve whatever out/renderer holds, even a build older than the sources (the UI bench compares builds). */
  anyBuild?: boolean;
}): Promise<WebMode> {
  // The server serves out/renderer: a test on a build older than the sources would test yesterday's UI.
  if (!options.anyBuild)
    assertBuiltFromCurrentSources(
      PROJECT_ROOT,
      'out/renderer/index.html',
      ['src/renderer', 'src/shared'],
      'npm run build:app',
    );
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'lantern-ui-test-'));
  // What a person would set once: Google only (the stand-in), and pages on loopback allowed.
  writeFileSync(
    join(dataDir, 'settings.json'),
    JSON.stringify({ version: 1, engines: ['google'], fetch: { allowPrivateNetworks: true } }),
  );
  const revealed: Page[] = [];
  let runtime: ReturnType<typeof createNodeRuntime>;
  let running: LanternServer;
  let port = 0;
  const start = async (): Promise<void> => {
    runtime = createNodeRuntime({
      env: {
        ...process.env,
        LANTERN_DATA_DIR: dataDir,
        LANTERN_ENGINE_URL_GOOGLE: options.engine,
        LANTERN_PAGE_TIMEOUT_MS: '30000',
        // No model server of the machine's own is found (a closed port), unless a test names its stand-ins.
        LANTERN_MODEL_SERVERS: 'ollama=http://127.0.0.1:9',
        ...options.env,
      },
      onReveal: (window) => revealed.push(window.page),
      // No gap between one engine page and the next unless a test asks for one: the pacing is the
      // core's tests' concern, and here it would only be seconds of waiting per file.
      searchPacing: options.searchPacing ?? { minGapMs: 0, jitterMs: 0 },
    });
    running = await startLanternServer({
      api: runtime,
      dataDir,
      port,
      version: 'test',
      log: (m) => process.stderr.write(m + '\n'),
      rendererDir: RENDERER_DIR,
    });
    // As `lantern serve` does: the library's watched folders followed again.
    void runtime.library.resumeWatching();
    // A restart listens where the page already is, as `lantern serve` on its usual port does.
    port = running.server.port;
  };
  await start();
  return {
    get origin() {
      return running.server.url;
    },
    dataDir,
    loginUrl: () => running.webUi!.loginUrl(running.server.url),
    async restart() {
      await running.close(500);
      await runtime.close();
      await start();
    },
    revealed,
    async close() {
      await running.close(500);
      await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
