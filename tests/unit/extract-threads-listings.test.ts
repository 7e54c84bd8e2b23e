/**
 * Forum threads, listings and collections on small hand-made pages: what is kept and dropped must
 * follow from the structure (posts built alike, repeated facts beside each post), never from a
 * template's class names, which are neutral here on purpose.
 */
import { describe, expect, it } from 'vitest';
import { extractHtml } from '../../src/main/fetch/extract/index.js';

const textOf = (html: string, url = 'https://forum.example/t/1'): string => extractHtml(html, url).text;

describe('extractHtml: forum threads and listings', () => {
  it('keeps every post of a thread when one reply pastes a log longer than all the others together', () => {
    const post = (who: string, body: string): string =>
      `<div class="p1"><div class="p2">${who} · 3 May 2024</div><div class="p3">${body}</div></div>`;
    const log = Array.from(
      { length: 60 },
      (_, i) => `2024-05-03 10:09:${String(i).padStart(2, '0')} ERROR (MainThread) [core] Error doing job: task ${i} never retrieved`,
    ).join('\n');
    const html = `<!doctype html><html><head><title>Stuck on "starting" after the update</title></head><body>
      <div class="wrap"><h1>Stuck on "starting" after the update</h1>
        ${post('raoul', '<p>Since the update to version 5.0 the start screen never goes away and several devices stay unavailable. Going back to 4.4 fixes it. How can I find the cause?</p>')}
        ${post('raoul', `<p>This is part of the log, I hope it is enough:</p><pre><code>${log}</code></pre>`)}
        ${post('bill', '<p>Looks like the local integration is at fault. Disable it, restart, and open an issue on its own tracker as well.</p>')}
        ${post('raoul', '<p>Disabling it worked, thank you. There is already an issue open about it.</p>')}
      </div></body></html>`;
    const text = textOf(html);
    expect(text).toContain('Going back to 4.4 fixes it');
    expect(text).toContain('This is part of the log');
    expect(text).toContain('Disable it, restart');
    expect(text).toContain('Disabling it worked');
  });
});
