/** Screenshots in light and dark, axe-core on each, and the keyboard-only pass. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { PROJECT_ROOT } from '../../support/run-cli';

/** Every screenshot of a run; the picks of the README and docs/app.md are copied from here into docs/screenshots. */
export const SCREENSHOTS = join(PROJECT_ROOT, 'out/screenshots/ui');

/** The two window sizes every screen is checked at: a laptop and a phone (in CSS pixels). */
export const WIDE = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * Screenshots the screen as it is in light and in dark, and runs axe-core on each: no serious or
 * critical violation may remain (contrast differs between the two, so both are checked). A screen
 * shown wider than a phone is checked again at phone width (`<name>-phone-<scheme>.png`), then
 * given back its size.
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const size = page.viewportSize();
  await checkColourSchemes(page, name);
  if (size && size.width > PHONE.width) {
    await page.setViewportSize(PHONE);
    await checkColourSchemes(page, `${name}-phone`);
    await page.setViewportSize(size);
  }
}

export async function checkColourSchemes(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${colorScheme}.png`) });
    // Legacy mode runs axe in the page itself; the default mode opens a blank tab per run to merge
    // the frames' results (about half of each check's time). The two differ only for frames, and
    // legacy mode skips cross-origin ones: a page with frames gets the default.
    const results = await new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    expect(serious, `axe on "${name}" in ${colorScheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
}

/**
 * Presses Tab from the top of the page until focus comes round again, and returns the visible
 * controls that focus never reached (described by role and name), which should be none.
 */
export async function controlsTabCannotReach(page: Page): Promise<string[]> {
  const total = await page.evaluate(() => {
    const selector = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
    const visible = [...document.querySelectorAll<HTMLElement>(selector)].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    });
    visible.forEach((element, i) => element.setAttribute('data-kb', String(i)));
    (document.activeElement as HTMLElement | null)?.blur();
    return visible.length;
  });
  const reached = new Set<string>();
  for (let presses = 0; presses < total * 2 + 10 && reached.size < total; presses++) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => document.activeElement?.getAttribute('data-kb') ?? null);
    if (id !== null) reached.add(id);
  }
  return page.evaluate((seen) => {
    const missing = [...document.querySelectorAll<HTMLElement>('[data-kb]')].filter((element) => !seen.includes(element.getAttribute('data-kb') ?? ''));
    return missing.map((element) => `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 60)}"`);
  }, [...reached]);
}
