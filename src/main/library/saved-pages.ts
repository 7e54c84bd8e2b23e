/**
 * Pages of the web kept in the library (library.save): a page Lantern read — for an answer, or
 * in the reader — is taken from the store's page cache as it was read (its Markdown, from the
 * same extractor a library HTML file goes through), cut into sections at its headings, and
 * indexed as a document whose path is its address: the same address saved again is the same
 * document. The page is never fetched here; one not read before is NOT_FOUND.
 */
import { createHash } from 'node:crypto';
import { withoutFragment } from '../../shared/canonical-url';
import { LanternError } from '../../shared/errors';
import type { Store } from '../store';
import type { LibraryDocumentRecord } from '../store/library-index';
import type { LibraryKind } from './document';
import { markdownSections } from './sections';

export interface SavedPage {
  outcome: 'saved' | 'updated' | 'unchanged';
  document: LibraryDocumentRecord;
}

export function savePage(store: Store, url: string): SavedPage {
  const entry = store.pages.getPage(url) ?? store.pages.getPage(withoutFragment(url));
  if (!entry)
    throw new LanternError(
      'NOT_FOUND',
      `url: Lantern has not read ${url} (or no longer keeps it: pages read are kept 30 days); open it in the reader, or ask a question that reads it, then save it.`,
      { details: { reason: 'page-not-read' } },
    );
  const { page } = entry;
  const path = withoutFragment(page.finalUrl || page.url);
  const sections = markdownSections(page.markdown);
  if (sections.length === 0)
    throw new LanternError('INVALID_INPUT', `url: the page ${path} was read without any text to keep.`);
  const sha256 = createHash('sha256').update(page.markdown).digest('hex');
  const known = store.library.get(path);
  if (known?.sha256 === sha256) return { outcome: 'unchanged', document: known };
  store.library.put({
    path,
    kind: kindOf(page.contentType),
    title: page.title.trim() || path,
    ...(page.lang ? { lang: page.lang } : {}),
    size: Buffer.byteLength(page.markdown),
    mtimeMs: page.fetchedAt,
    sha256,
    sections,
  });
  return { outcome: known ? 'updated' : 'saved', document: store.library.get(path) as LibraryDocumentRecord };
}

/** The kind a page is listed as, by what the site sent. */
function kindOf(contentType: string): LibraryKind {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/pdf') return 'pdf';
  if (type === 'text/markdown') return 'markdown';
  if (type === 'text/plain') return 'text';
  return 'html';
}
