/**
 * Prints an export page to PDF in the desktop app: a hidden window with JavaScript off, in an
 * in-memory partition of its own whose every request is refused but the page's own data: URL,
 * then `webContents.printToPDF` (https://www.electronjs.org/docs/latest/api/web-contents#contentsprinttopdfoptions:
 * `displayHeaderFooter`, `headerTemplate`, `footerTemplate`, `margins` in inches, `pageSize`).
 * The page is Lantern's own, every text of it escaped (history/export-html.ts).
 */
import type { BrowserWindow, BrowserWindowConstructorOptions, Session } from 'electron';
import type { PrintablePage, PrintPdf } from '../../common/pdf-printer';
import { SECURE_WEB_PREFERENCES } from './web-preferences';

export interface PdfWindowElectron {
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindow;
  session: { fromPartition(partition: string): Session };
}

const PARTITION = 'lantern-print';
/** 18 mm and 20 mm, in the inches printToPDF's margins are given in. */
const MARGINS = { top: 20 / 25.4, bottom: 18 / 25.4, left: 18 / 25.4, right: 18 / 25.4 };

export function electronPdfPrinter(electron: PdfWindowElectron): PrintPdf {
  return async (page: PrintablePage) => {
    const partition = electron.session.fromPartition(PARTITION);
    partition.webRequest.onBeforeRequest((details, callback) => callback({ cancel: !details.url.startsWith('data:') }));
    const window = new electron.BrowserWindow({
      show: false,
      webPreferences: { ...SECURE_WEB_PREFERENCES, javascript: false, partition: PARTITION },
    });
    try {
      await window.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(page.html)}`);
      const pdf = await window.webContents.printToPDF({
        pageSize: 'A4',
        printBackground: true,
        displayHeaderFooter: true,
        headerTemplate: page.headerHtml,
        footerTemplate: page.footerHtml,
        margins: MARGINS,
      });
      return new Uint8Array(pdf);
    } finally {
      window.destroy();
    }
  };
}
