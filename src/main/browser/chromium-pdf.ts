/**
 * Lantern's export pages printed to PDF by a system Chrome/Chromium through playwright-core's
 * `page.pdf()` (https://playwright.dev/docs/api/class-page#page-pdf): a browser launched for the
 * print and closed after it, apart from the search profile, in a context with JavaScript off and
 * no network. The page is Lantern's own, every text of it escaped (history/export-html.ts), so
 * where Chromium's sandbox cannot start (as root) it is printed without it.
 */
import { createRequire } from 'node:module';
import { LanternError } from '../../shared/errors';
import type { PrintablePage } from '../common/pdf-printer';
import { chromiumArgs, sandboxUnavailable } from './chromium';
import { firstLine } from './load-errors';

const { chromium } = createRequire(import.meta.url)('playwright-core') as typeof import('playwright-core');

export async function printPdfWithChromium(executablePath: string, page: PrintablePage): Promise<Uint8Array> {
  let browser;
  try {
    browser = await chromium.launch({
      executablePath,
      headless: true,
      chromiumSandbox: !sandboxUnavailable(),
      args: chromiumArgs(),
      timeout: 30_000,
    });
  } catch (error) {
    throw new LanternError(
      'BROWSER_NOT_FOUND',
      `Could not start the browser at ${executablePath} to print the PDF: ${firstLine(error instanceof Error ? error.message : String(error))}. Set LANTERN_CHROME to a working Chrome/Chromium.`,
    );
  }
  try {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      offline: true,
      serviceWorkers: 'block',
      acceptDownloads: false,
    });
    // The page needs nothing from a network; whatever it would ask for is refused.
    await context.route('**/*', (route) => route.abort());
    const tab = await context.newPage();
    await tab.setContent(page.html, { waitUntil: 'load' });
    const pdf = await tab.pdf({
      format: 'A4',
      printBackground: true,
      displayHeaderFooter: true,
      headerTemplate: page.headerHtml,
      footerTemplate: page.footerHtml,
      margin: { top: '20mm', bottom: '18mm', left: '18mm', right: '18mm' },
    });
    return new Uint8Array(pdf);
  } finally {
    await browser.close().catch(() => undefined);
  }
}
