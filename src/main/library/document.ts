/** What the library reads out of a file: its text in sections (a PDF's pages, an EPUB's chapters, a heading's part). */

export const LIBRARY_KINDS = ['pdf', 'docx', 'epub', 'markdown', 'html', 'text'] as const;
export type LibraryKind = (typeof LIBRARY_KINDS)[number];

export interface DocumentSection {
  /** 1-based page of a PDF. */
  page?: number;
  /** Heading path ("Part 2 › Results") or an EPUB chapter's title. */
  heading?: string;
  /** Markdown for HTML, DOCX and EPUB (extracted and escaped), the file's text otherwise. */
  text: string;
}

export interface LibraryDocument {
  kind: LibraryKind;
  title: string;
  lang?: string;
  /** Pages of a PDF (sections are its pages). */
  pageCount?: number;
  sections: DocumentSection[];
}

/** A file read, or why it could not be: never thrown, so one bad file stops nothing else. */
export type ReadOutcome = { ok: true; document: LibraryDocument } | { ok: false; reason: string };
