/** The baseline: Mozilla Readability over its usual DOM, jsdom (no scripts run). */
import { Readability } from '@mozilla/readability';
import { JSDOM, VirtualConsole } from 'jsdom';

const quietConsole = new VirtualConsole();

export function readabilityText(html: string, url: string): string {
  const dom = new JSDOM(html, { url, virtualConsole: quietConsole });
  try {
    const article = new Readability(dom.window.document).parse();
    return article?.textContent ?? '';
  } finally {
    dom.window.close();
  }
}
