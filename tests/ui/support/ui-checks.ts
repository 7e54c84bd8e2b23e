/** Screenshots in light and dark, axe-core on each, and the keyboard-only pass. */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { AxeResults, Result, RunOptions } from 'axe-core';
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
  // The dark scheme changes colours only (styles.css sets custom properties under the media
  // query), so after the full run in light only axe's colour rules can answer differently in
  // dark. Checked on the page's own style sheets each time: a dark rule that sets anything else
  // gets the full run in dark too.
  const darkIsColoursOnly = await page.evaluate(() => {
    // Each rule under a dark media query; undefined for one that is not a plain style rule.
    const darkRules = (rules: CSSRuleList): Array<CSSStyleRule | undefined> =>
      [...rules].flatMap((rule) =>
        rule instanceof CSSMediaRule && /prefers-color-scheme:\s*dark/.test(rule.conditionText)
          ? [...rule.cssRules].map((inner) => (inner instanceof CSSStyleRule ? inner : undefined))
          : rule instanceof CSSGroupingRule
            ? darkRules(rule.cssRules)
            : [],
      );
    const sheets = [...document.styleSheets].flatMap((sheet) => {
      try {
        return darkRules(sheet.cssRules);
      } catch {
        return [undefined];
      }
    });
    return sheets.every((rule) => rule !== undefined && [...rule.style].every((property) => property.startsWith('--')));
  });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${colorScheme}.png`) });
    const violations = await axeViolations(
      page,
      colorScheme === 'dark' && darkIsColoursOnly ? COLOUR_RULES : undefined,
    );
    const serious = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    expect(serious, `axe on "${name}" in ${colorScheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
}

/** axe-core's rules whose answer depends on the colours shown (color-contrast-enhanced is off by default). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** axe-core as @axe-core/playwright has it, minified: injected once per document, not per run. */
const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe-core's violations on the page (only `rules`, when given). A page without frames runs axe in
 * the page itself, injected once per document and asked for violations only (the nodes that pass
 * are not collected); a page with frames gets @axe-core/playwright's default mode, which merges
 * the frames' results in a blank tab.
 */
async function axeViolations(page: Page, rules?: readonly string[]): Promise<Result[]> {
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page });
    if (rules) builder.withRules([...rules]);
    return (await builder.analyze()).violations;
  }
  if (!(await page.evaluate(() => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function')))
    await page.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    resultTypes: ['violations'],
    ...(rules ? { runOnly: { type: 'rule', values: [...rules] } } : {}),
  };
  return page.evaluate(
    (runOptions) =>
      (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }).axe
        .run(document, runOptions)
        .then((results) => results.violations),
    options,
  );
}

/**
 * Presses Tab from the top of the page until focus comes round again, and returns the visible
 * controls that focus never reached (described by role and name), which should be none.
 */
export async function controlsTabCannotReach(page: Page): Promise<string[]> {
  const total = await page.evaluate(() => {
    const selector =
      'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
    const visible = [...document.querySelectorAll<HTMLElement>(selector)].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    });
    for (const stale of document.querySelectorAll('[data-kb]')) stale.removeAttribute('data-kb');
    visible.forEach((element, i) => element.setAttribute('data-kb', String(i)));
    // Each control focus lands on, as it lands (one round trip per Tab instead of two).
    const kb = window as unknown as { __kbReached: Set<string>; __kbListener?: (event: FocusEvent) => void };
    if (kb.__kbListener) document.removeEventListener('focusin', kb.__kbListener);
    const seen = new Set<string>();
    kb.__kbReached = seen;
    kb.__kbListener = (event) => {
      const id = (event.target as Element | null)?.getAttribute?.('data-kb');
      if (id !== null && id !== undefined) seen.add(id);
    };
    document.addEventListener('focusin', kb.__kbListener);
    (document.activeElement as HTMLElement | null)?.blur();
    return visible.length;
  });
  const reachedCount = (): Promise<number> =>
    page.evaluate(() => (window as unknown as { __kbReached: Set<string> }).__kbReached.size);
  const limit = total * 2 + 10;
  for (let presses = 0; presses < limit;) {
    // A round of presses, as many as the controls not reached yet, then a look at how many are.
    const round = Math.min(limit - presses, Math.max(1, total - (await reachedCount())));
    for (let i = 0; i < round; i++) await page.keyboard.press('Tab');
    presses += round;
    if ((await reachedCount()) >= total) break;
  }
  return page.evaluate(() => {
    const seen = (window as unknown as { __kbReached: Set<string> }).__kbReached;
    const missing = [...document.querySelectorAll<HTMLElement>('[data-kb]')].filter(
      (element) => !seen.has(element.getAttribute('data-kb') ?? ''),
    );
    return missing.map(
      (element) =>
        `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 60)}"`,
    );
  });
}
