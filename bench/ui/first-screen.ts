/**
 * bench/ui — from opening the web UI's sign-in link to its first screen, with an empty cache each
 * time: the built renderer (out/renderer: `npm run build:app` first) served by web mode (the
 * server `lantern serve` runs, tests/ui/support/web-mode.ts), the system Chromium headless
 * through playwright-core.
 *
 *   npm run bench:ui [-- --runs 15] [-- --cpu-slowdown 4]
 *
 * For each load: the first contentful paint and the moment the research screen's heading exists
 * (the page is blank until the renderer's JavaScript has run, so both wait for it), the time the
 * page's main thread spent in JavaScript by then (Chromium's ScriptDuration: compiling and
 * running, less sensitive to a busy machine than the wall-clock figures), and the JavaScript
 * fetched by then, in bytes over the wire (web mode does not compress). Prints the
 * medians as a Markdown row for docs/benchmarks.md ("Renderer bundle") and writes
 * bench/results/ui-first-screen.json. To compare two builds, run it once with each in out/renderer.
 * --cpu-slowdown N runs the page's CPU N times slower (Chromium's own throttling), for a slower
 * machine than this one.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { chromiumArgs } from '../../src/main/browser/chromium';
import { findChrome } from '../../src/main/browser/find-chrome';
import { PROJECT_ROOT } from '../../tests/support/run-cli';
import { startWebMode } from '../../tests/ui/support/web-mode';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '15' }, 'cpu-slowdown': { type: 'string', default: '1' } },
});
const RUNS = Number(values.runs);
const CPU_SLOWDOWN = Number(values['cpu-slowdown']);

interface Load {
  firstPaintMs: number;
  firstScreenMs: number;
  scriptBytes: number;
  /** The page's main thread running JavaScript (compiling and running it), CPU time, up to now. */
  scriptMs: number;
}

const median = (numbers: number[]): number =>
  [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)] as number;

// Nothing is searched: the engine's address only has to be a valid one.
const web = await startWebMode({ engine: 'http://127.0.0.1:9', anyBuild: true });
const browser = await chromium.launch({ executablePath: findChrome(), args: chromiumArgs(), headless: true });
const loads: Load[] = [];
const loadAverage = loadavg()[0] ?? 0;
try {
  for (let run = 0; run < RUNS + 1; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    if (CPU_SLOWDOWN > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // The heading's first appearance, stamped by the page itself (no round trip to this process).
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('.welcome h1')) return;
        (window as unknown as { firstScreenAt: number }).firstScreenAt = performance.now();
        observer.disconnect();
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto(web.loginUrl());
    await page.locator('.welcome h1').waitFor();
    // First contentful paint is reported a frame after it happens.
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const scriptMs = Math.round(1000 * (metrics.find((metric) => metric.name === 'ScriptDuration')?.value ?? NaN));
    const timing = await page.evaluate((): Omit<Load, 'scriptMs'> => {
      const firstScreenMs = (window as unknown as { firstScreenAt: number }).firstScreenAt;
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (entry) => entry.name.endsWith('.js') && entry.responseEnd <= firstScreenMs,
      );
      return {
        firstPaintMs: Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN),
        firstScreenMs: Math.round(firstScreenMs),
        scriptBytes: scripts.reduce((sum, entry) => sum + entry.transferSize, 0),
      };
    });
    const load = { ...timing, scriptMs };
    await context.close();
    // The first load starts the server's code paths and the browser's processes: not counted.
    if (run > 0) loads.push(load);
  }
} finally {
  await browser.close();
  await web.close();
}

const result = {
  runs: RUNS,
  cpuSlowdown: CPU_SLOWDOWN,
  medianFirstPaintMs: median(loads.map((load) => load.firstPaintMs)),
  medianFirstScreenMs: median(loads.map((load) => load.firstScreenMs)),
  scriptBytes: median(loads.map((load) => load.scriptBytes)),
  medianScriptMs: median(loads.map((load) => load.scriptMs)),
  loads,
  machine: `${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, load ${loadAverage.toFixed(1)}`,
};
mkdirSync(join(PROJECT_ROOT, 'bench/results'), { recursive: true });
writeFileSync(join(PROJECT_ROOT, 'bench/results/ui-first-screen.json'), JSON.stringify(result, null, 2));
process.stdout.write(
  `| ${result.medianFirstPaintMs} ms | ${result.medianFirstScreenMs} ms | ${result.medianScriptMs} ms | ${(result.scriptBytes / 1000).toFixed(1)} kB | ${RUNS} loads${CPU_SLOWDOWN > 1 ? `, CPU ${CPU_SLOWDOWN}× slower` : ''}; ${result.machine} |\n`,
);
