/**
 * An ExportDocument as a Word document, written by the `docx` package: the question and the date
 * in the page header, each citation a Word footnote giving the source's title, the passages the
 * answer quotes from it and its URL. Word numbers footnotes by where they occur, so a source cited
 * twice has two footnotes, each complete; the sources a turn does not cite are listed after it.
 */
import {
  Document,
  ExternalHyperlink,
  FootnoteReferenceRun,
  Header,
  HeadingLevel,
  Packer,
  Paragraph,
  TextRun,
  type ParagraphChild,
} from 'docx';
import { exportDatesLine, isoDate } from '../../shared/format/export-dates';
import type { Block, ExportDocument, ExportNote, ExportTurn, Inline } from './export-document';

export async function documentToDocx(doc: ExportDocument): Promise<Uint8Array> {
  const notes = new Map(doc.notes.map((note) => [note.number, note]));
  const word = new Document({
    title: doc.title,
    creator: 'Lantern',
    description: `Exported from Lantern on ${isoDate(doc.exportedAt)}`,
    styles: { default: { document: { run: { font: 'Calibri', size: 22 } } } },
    sections: [
      {
        headers: {
          default: new Header({
            children: [
              new Paragraph({
                children: [
                  new TextRun({ text: `${doc.title} — ${isoDate(doc.exportedAt)}`, size: 16, color: '555555' }),
                ],
              }),
            ],
          }),
        },
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(doc.title)] }),
          new Paragraph({
            children: [
              new TextRun({
                text: exportDatesLine(doc.exportedAt, doc.createdAt, doc.turns.length),
                color: '555555',
              }),
            ],
          }),
          ...doc.turns.flatMap((turn) => turnParagraphs(turn, notes)),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(word));
}

function turnParagraphs(turn: ExportTurn, notes: Map<number, ExportNote>): Paragraph[] {
  const paragraphs = [new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(turn.question)] })];
  if (turn.searchedFor !== undefined) paragraphs.push(aside(`Searched for: ${turn.searchedFor}`));
  if (turn.error !== undefined) paragraphs.push(aside(`Not answered: ${turn.error}`));
  for (const block of turn.blocks) paragraphs.push(...blockParagraphs(block, notes));
  if (turn.uncited.length > 0) {
    paragraphs.push(aside(turn.citesAny ? 'Also consulted:' : 'Sources:'));
    for (const number of turn.uncited) {
      const note = notes.get(number);
      if (note) paragraphs.push(new Paragraph({ bullet: { level: 0 }, children: noteRuns(note) }));
    }
  }
  return paragraphs;
}

function blockParagraphs(block: Block, notes: Map<number, ExportNote>): Paragraph[] {
  switch (block.kind) {
    case 'heading':
      return [new Paragraph({ heading: HeadingLevel.HEADING_2, children: runs(block.inlines, notes) })];
    case 'paragraph':
      return [new Paragraph({ children: runs(block.inlines, notes) })];
    case 'code':
      return block.text
        .split('\n')
        .map((line) => new Paragraph({ children: [new TextRun({ text: line, font: 'Consolas', size: 19 })] }));
    case 'list':
      // Numbers written as text: Word's own numbering needs a numbering definition per list.
      return block.items.map(
        (item, i) =>
          new Paragraph({
            indent: { left: 360, hanging: 360 },
            children: [new TextRun(block.ordered ? `${block.start + i}. ` : '• '), ...runs(item, notes)],
          }),
      );
  }
}

function runs(inlines: Inline[], notes: Map<number, ExportNote>): ParagraphChild[] {
  return inlines.map((inline): ParagraphChild => {
    switch (inline.kind) {
      case 'cite': {
        const note = notes.get(inline.note);
        return note
          ? new FootnoteReferenceRun({ children: [new Paragraph({ children: noteRuns(note) })] })
          : new TextRun(`[${inline.note}]`);
      }
      case 'link':
        return link(inline.url, inline.text);
      case 'text':
        return new TextRun({
          text: inline.text,
          ...(inline.bold ? { bold: true } : {}),
          ...(inline.italic ? { italics: true } : {}),
          ...(inline.code ? { font: 'Consolas' } : {}),
        });
    }
  });
}

/** "Title. “quoted passage” “another” https://…" */
function noteRuns(note: ExportNote): ParagraphChild[] {
  return [
    new TextRun(`${note.title}. `),
    ...note.quotes.map((quote) => new TextRun({ text: `“${quote}” `, italics: true })),
    link(note.url, note.url),
  ];
}

/** A hyperlink only to a web address; anything else is its text alone. */
function link(url: string, text: string): ParagraphChild {
  const run = new TextRun({ text, style: 'Hyperlink' });
  return /^https?:\/\//i.test(url) ? new ExternalHyperlink({ link: url, children: [run] }) : new TextRun(text);
}

function aside(text: string): Paragraph {
  return new Paragraph({ children: [new TextRun({ text, italics: true, color: '555555' })] });
}
