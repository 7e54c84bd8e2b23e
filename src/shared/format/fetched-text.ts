import { isFetchBatch, type FetchPage, type FetchResponse } from '../fetch-contract';
import { oneLine } from './one-line';
import { escapeWrapperTags, wrapUntrusted } from './untrusted';

/**
 * Fetched pages for an agent: each page's text inside `<untrusted_content>` (untrusted.ts), with
 * a line of facts outside it and, when the page was cut, how to read on. A failed URL of a batch
 * is one `CODE: message` line, so one failure does not hide the other pages.
 */
export function formatFetchedText(response: FetchResponse): string {
  if (!isFetchBatch(response)) return formatPage(response);
  return response.results
    .map((item) =>
      item.ok
        ? formatPage(item.page)
        : escapeWrapperTags(oneLine(`Could not fetch ${item.url}: ${item.error.code}: ${item.error.message}`)),
    )
    .join('\n\n');
}

/** A page's title and text inside `<untrusted_content>`, from where the text came (its final URL). */
export function untrustedPageText(page: FetchPage): string {
  const text = page.passages && !isWholePage(page) ? passagesText(page.passages) : page.markdown.trim();
  const body = page.title.trim() ? `# ${page.title.trim()}\n\n${text}` : text;
  return wrapUntrusted(page.finalUrl, body);
}

/**
 * Whether a page read with a question came whole (it cost no more than its best passages): it
 * is then shown as a page read without one, with no range and nothing said of what is left out.
 */
export function isWholePage(page: FetchPage): boolean {
  const [only, ...more] = page.passages ?? [];
  return only !== undefined && more.length === 0 && only.start === 0 && only.end >= page.totalChars;
}

/** Passages picked for a question, best first, each under its character range in the page. */
export function passagesText(passages: readonly { text: string; start: number; end: number }[]): string {
  return passages.map((passage) => `[${passage.start}-${passage.end}]\n${passage.text.trim()}`).join('\n\n');
}

function formatPage(page: FetchPage): string {
  const lines = [untrustedPageText(page)];
  if (page.passages && !isWholePage(page)) {
    const count = page.passages.length;
    lines.push(`(${count} passage${count === 1 ? '' : 's'} of ${page.totalChars} characters; start_index reads on)`);
  } else if (page.truncated && page.nextOffset !== undefined) {
    lines.push(
      `(${page.markdown.length} of ${page.totalChars} characters shown; continue with start_index=${page.nextOffset})`,
    );
  }
  return lines.join('\n');
}
