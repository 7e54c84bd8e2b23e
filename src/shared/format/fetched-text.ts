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
  const text = page.passages ? passagesText(page.passages) : page.markdown.trim();
  const body = page.title.trim() ? `# ${page.title.trim()}\n\n${text}` : text;
  return wrapUntrusted(page.finalUrl, body);
}

/** Passages picked for a question, best first, each under its character range in the page. */
function passagesText(passages: NonNullable<FetchPage['passages']>): string {
  return passages.map((passage) => `[${passage.start}-${passage.end}]\n${passage.text.trim()}`).join('\n\n');
}

function formatPage(page: FetchPage): string {
  const lines = [untrustedPageText(page)];
  if (page.passages) {
    lines.push(
      `(${page.passages.length} passages of ${page.totalChars} characters, best first; read on from one with start_index)`,
    );
  } else if (page.truncated && page.nextOffset !== undefined) {
    lines.push(
      `(${page.markdown.length} of ${page.totalChars} characters shown; continue with start_index=${page.nextOffset})`,
    );
  }
  return lines.join('\n');
}
