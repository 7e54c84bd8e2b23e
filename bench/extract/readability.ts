/** The baseline: Mozilla Readability over its usual DOM, jsdom (no scripts run). */
import { Readability } from '@mozilla/readability';
import { JSDOM, VirtualConsole } from 'jsdom';

export function readabilityText(html: string, url: string): string {
  // A console per page: a shared one keeps a listener, and with it the whole window, of every page.
  const dom = new JSDOM(html, { url, virtualConsole: new VirtualConsole() });
  try {
    const article = new Readability(dom.window.document).parse();
    return article?.textContent ?? '';
  } finally {
    dom.window.close();
  }
}
