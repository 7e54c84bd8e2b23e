/**
 * The `lantern` process itself, through the built bin (bin/lantern.js → dist/cli.js): the exit
 * code reaching the shell (each code's mapping is tested in process), the output through its
 * pipes, the version the build stamps, the bin's refusal without a build, and the browser gone
 * when the process ends. What the commands do is tested in process (tests/support/run-cli.ts:
 * runCliInProcess).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumProcessesFor } from '../support/chromium-processes';
import { FIXTURE_QUERIES, startFixtureWeb, type FixtureWeb } from '../support/fixture-web';
import { PROJECT_ROOT, runCli, tempDataDir } from '../support/run-cli';

let web: FixtureWeb;
beforeAll(async () => {
  web = await startFixtureWeb();
});
afterAll(async () => {
  await web.close();
});

describe('the lantern process', () => {
  it('prints the version the build stamped from package.json', async () => {
    const { version } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string };
    const run = await runCli(['--version']);
    expect(run).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('ends with the exit code of the outcome, the JSON error on stdout: 2 for bad input, 1 for a missing browser, 0 for success', async () => {
    const env = {
      LANTERN_DATA_DIR: tempDataDir(),
      LANTERN_ENGINE_URL_GOOGLE: web.origin,
      LANTERN_CHROME: '/nonexistent/chrome',
    };
    const bad = await runCli(['search', '  ', '--json'], env);
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stdout)).toMatchObject({ error: { code: 'INVALID_INPUT' } });
    const flag = await runCli(['search', 'coffee', '--limit', 'lots'], env);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('--limit must be a whole number');
    const noBrowser = await runCli(['search', 'coffee', '--json'], env);
    expect(noBrowser.code).toBe(1);
    expect(JSON.parse(noBrowser.stdout)).toMatchObject({ error: { code: 'BROWSER_NOT_FOUND' } });
    const settings = await runCli(['settings', 'set', 'search.region', 'de', '--json'], env);
    expect(settings.code).toBe(0);
    expect(JSON.parse(settings.stdout)).toMatchObject({ search: { region: 'de' } });
  });

  it('closes its browser before it ends after a search; exits 4 on a timeout', async () => {
    const dataDir = tempDataDir();
    const env = { LANTERN_DATA_DIR: dataDir, LANTERN_ENGINE_URL_GOOGLE: web.origin };
    const found = await runCli(['search', 'coffee', '--engine', 'google', '--limit', '3'], env);
    expect(found.code).toBe(0);
    expect(found.stdout).toMatch(/^ 1\. .+\n {4}https?:\/\/\S+\n/);
    expect(chromiumProcessesFor(join(dataDir, 'chromium-profile'))).toEqual([]);

    // A TIMEOUT at whichever stage the short budget ran out (the launch's or the page's): the exit code is the point.
    const timeout = await runCli(
      ['--timeout', '500', 'search', FIXTURE_QUERIES.hang, '--engine', 'google', '--json'],
      env,
    );
    expect(timeout.code).toBe(4);
    expect(JSON.parse(timeout.stdout)).toMatchObject({ error: { code: 'TIMEOUT', details: { timeoutMs: 500 } } });
  });

  it('bin/lantern.js refuses to run without a build, saying how to make one', () => {
    const copy = tempDataDir();
    mkdirSync(join(copy, 'bin'));
    copyFileSync(join(PROJECT_ROOT, 'bin/lantern.js'), join(copy, 'bin/lantern.js'));
    // The package's own `"type": "module"`, without its dist/.
    writeFileSync(join(copy, 'package.json'), JSON.stringify({ type: 'module' }));
    const run = spawnSync(process.execPath, [join(copy, 'bin/lantern.js'), '--version'], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('lantern: the CLI is not built yet. Run `npm run build` in the Lantern folder first.\n');
  });
});
