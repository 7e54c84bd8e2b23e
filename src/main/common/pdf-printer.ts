/**
 * What prints an export to PDF: the runtime's Chromium, headless through playwright-core under
 * Node (browser/chromium-pdf.ts), `webContents.printToPDF` in the desktop app
 * (doors/electron/pdf-window.ts). The page is built by history/export-html.ts.
 */

/** An HTML page to print, every text in it escaped, with the header and footer printed on each page. */
export interface PrintablePage {
  html: string;
  /** Chromium's headerTemplate (its classes date, title, pageNumber, totalPages are filled in). */
  headerHtml: string;
  footerHtml: string;
}

/** Prints a page, with JavaScript off and no network, to the bytes of an A4 PDF. */
export type PrintPdf = (page: PrintablePage) => Promise<Uint8Array>;
