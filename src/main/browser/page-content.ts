/** What a loader reads of a page: its HTML for parsing, its title, and its address. */
export interface PageContent {
  html: string;
  title: string;
  /**
   * location.href, read with the HTML: the document's own word for where it is. Navigation
   * events can be lost (Electron drops those of a move to another renderer,
   * electron/electron#40763), the document read cannot.
   */
  url: string;
}

/**
 * Source of a function, run in the page, that returns its content: the HTML without <script>
 * and <style> elements and without the bytes of inline images, serialized from a copy (the live
 * page keeps working, e.g. for a consent click), and the title and address in the same call. Parsers never
 * read code or image data; on a results page they are most of the bytes (base64 thumbnails alone
 * are a third to a half of what is left after the code), so leaving them out more than halves
 * serialization and parsing.
 * Kept as source text: it runs from the readiness watcher and from the loader, and a compiled
 * function's text may name helpers (e.g. esbuild's __name) that do not exist in the page.
 */
export const READ_PAGE_CONTENT = `() => {
  const copy = document.documentElement.cloneNode(true);
  for (const element of copy.querySelectorAll('script, style')) element.remove();
  for (const image of copy.querySelectorAll('[src^="data:"]')) image.setAttribute('src', 'data:');
  const doctype = document.doctype ? '<!DOCTYPE ' + document.doctype.name + '>' : '';
  return { html: doctype + copy.outerHTML, title: document.title, url: location.href };
}`;
