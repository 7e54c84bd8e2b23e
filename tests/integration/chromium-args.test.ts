/**
 * The flags every Chromium of ours starts with (chromiumArgs), read back from the running browser:
 * Chromium keeps the last --disable-features it is given, so ours must carry playwright-core's
 * own list, and the address-bar popup it would preload at every start is not there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { chromiumArgs, PLAYWRIGHT_DISABLED_FEATURES } from '../../src/main/browser/chromium';
import { findChrome } from '../../src/main/browser/find-chrome';

let browser: Browser | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

/**
 * The features the browser was started without: the value of the last --disable-features on its
 * command line (CDP's Browser.getBrowserCommandLine, which answers only with --enable-automation on).
 */
async function disabledFeatures(args: string[]): Promise<string[]> {
  browser = await chromium.launch({ executablePath: findChrome(), args: [...args, '--enable-automation'] });
  const session = await browser.newBrowserCDPSession();
  const { arguments: commandLine } = (await session.send('Browser.getBrowserCommandLine')) as { arguments: string[] };
  const last = commandLine.filter((arg) => arg.startsWith('--disable-features=')).at(-1);
  return last?.slice('--disable-features='.length).split(',') ?? [];
}

describe('the flags Chromium starts with', () => {
  it("keeps playwright-core's disabled features: the copy in chromium.ts is the installed playwright's list", async () => {
    const playwrights = await disabledFeatures([]);
    expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual([...playwrights].sort());
  });

  it("disables playwright's features and the preloaded address-bar popups in one --disable-features", async () => {
    const ours = await disabledFeatures(chromiumArgs());
    expect(ours).toEqual(
      expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']),
    );
  });

  it('starts a persistent profile without the address-bar popup pages', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'lantern-test-'));
    const context = await chromium.launchPersistentContext(join(profile, 'chromium-profile'), {
      executablePath: findChrome(),
      args: chromiumArgs(),
    });
    try {
      const session = await context.browser()!.newBrowserCDPSession();
      const { targetInfos } = (await session.send('Target.getTargets', { filter: [{}] } as never)) as {
        targetInfos: Array<{ url: string }>;
      };
      expect(targetInfos.map((target) => target.url).filter((url) => url.startsWith('chrome://'))).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
