/**
 * Real documents for the library's tests, made here: PDFs printed by Chromium (page.pdf, one
 * printed page per `pages` entry), DOCX and EPUB written as the zips their formats are
 * (Office Open XML's minimal package: [Content_Types].xml, _rels/.rels, word/document.xml;
 * EPUB 3: an uncompressed `mimetype` first, META-INF/container.xml, a package document with a
 * manifest and spine).
 */
import JSZip from 'jszip';
import type { Browser } from 'playwright-core';

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A PDF with one printed page per entry (each entry's paragraphs on its own page). */
export async function makePdf(browser: Browser, title: string, pages: readonly string[]): Promise<Buffer> {
  const page = await browser.newPage();
  try {
    const body = pages
      .map(
        (text, i) =>
          `<section style="${i < pages.length - 1 ? 'break-after: page;' : ''}"><p>${escapeXml(text)}</p></section>`,
      )
      .join('');
    await page.setContent(
      `<!doctype html><html><head><title>${escapeXml(title)}</title></head><body>${body}</body></html>`,
    );
    return await page.pdf({ format: 'A5', printBackground: false });
  } finally {
    await page.close();
  }
}

export interface DocxPart {
  heading?: string;
  paragraphs: readonly string[];
}

export async function makeDocx(parts: readonly DocxPart[]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
  <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
  <Default Extension="xml" ContentType="application/xml"/>
  <Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
</Types>`,
  );
  zip.file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
  <Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>`,
  );
  const paragraph = (text: string, style?: string): string =>
    `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
  const body = parts
    .map(
      (part) =>
        (part.heading ? paragraph(part.heading, 'Heading1') : '') +
        part.paragraphs.map((text) => paragraph(text)).join(''),
    )
    .join('');
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer' });
}

export interface EpubChapter {
  title: string;
  paragraphs: readonly string[];
}

export async function makeEpub(title: string, chapters: readonly EpubChapter[]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('mimetype', 'application/epub+zip', { compression: 'STORE' });
  zip.file(
    'META-INF/container.xml',
    `<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>`,
  );
  // The manifest lists the chapters last first: the reading order is the spine's.
  const items = chapters
    .map((_, i) => `<item id="c${i + 1}" href="text/chapter-${i + 1}.xhtml" media-type="application/xhtml+xml"/>`)
    .reverse()
    .join('');
  const spine = chapters.map((_, i) => `<itemref idref="c${i + 1}"/>`).join('');
  zip.file(
    'OEBPS/content.opf',
    `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:lantern:test</dc:identifier><dc:title>${escapeXml(title)}</dc:title><dc:language>en</dc:language></metadata>
  <manifest>${items}</manifest>
  <spine>${spine}</spine>
</package>`,
  );
  for (const [i, chapter] of chapters.entries()) {
    zip.file(
      `OEBPS/text/chapter-${i + 1}.xhtml`,
      `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>${escapeXml(chapter.title)}</title></head>
<body><section><h1>${escapeXml(chapter.title)}</h1>${chapter.paragraphs.map((p) => `<p>${escapeXml(p)}</p>`).join('')}</section></body></html>`,
    );
  }
  return zip.generateAsync({ type: 'nodebuffer', mimeType: 'application/epub+zip' });
}
