import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command, Option } from 'commander';
import type { ResearchApi } from '../../../shared/api';
import type { ExportFormat } from '../../../shared/history-contract';
import { LanternError } from '../../../shared/errors';

export interface ExportCommandDeps {
  api: () => ResearchApi;
  out: (text: string) => void;
  /** Where a PDF or DOCX goes without --out: the folder the command runs in. */
  cwd: () => string;
}

/** The CLI's names of the formats: `md` is Markdown. */
const FORMATS: Record<string, ExportFormat> = { md: 'markdown', markdown: 'markdown', pdf: 'pdf', docx: 'docx' };

/**
 * `lantern export <thread> [--format md|pdf|docx] [--turn n] [--out file]`: a thread, or one of
 * its turns (an answer, a deep-research report), with its citations as footnotes, over ResearchApi's
 * history.export. Markdown goes to standard output unless --out names a file; a PDF or a DOCX
 * is written to --out, or to a file named after the thread in the current folder.
 */
export function registerExportCommand(program: Command, deps: ExportCommandDeps): void {
  program
    .command('export')
    .description('Export a thread as Markdown, PDF or Word, its citations as footnotes with the quoted passage and URL')
    .argument('<thread>', 'thread id (see `lantern history list`)')
    .addOption(new Option('--format <format>', 'md, pdf or docx').choices(Object.keys(FORMATS)).default('md'))
    .option(
      '--turn <n>',
      'only this turn: an answer or a report (numbered as `lantern history show` shows them)',
      Number,
    )
    .option('-o, --out <file>', 'write to this file (a PDF or DOCX goes to <title>.<format> here without it)')
    .option('--json', 'print {"path", "format", …} as JSON')
    .action(async (thread: string, flags: { format: string; turn?: number; out?: string; json?: boolean }) => {
      const format = FORMATS[flags.format];
      if (format === undefined)
        throw new LanternError('INVALID_INPUT', `--format must be md, pdf or docx, not '${flags.format}'.`);
      const exported = await deps
        .api()
        .history.export({ id: thread, format, ...(flags.turn === undefined ? {} : { turn: flags.turn }) });
      if (exported.format === 'markdown' && flags.out === undefined) {
        deps.out(
          flags.json
            ? JSON.stringify({ id: exported.id, title: exported.title, format, markdown: exported.markdown })
            : exported.markdown,
        );
        return;
      }
      const bytes = exported.format === 'markdown' ? Buffer.from(exported.markdown) : exported.data;
      const path = resolve(deps.cwd(), flags.out ?? (exported.format === 'markdown' ? '' : exported.fileName));
      writeFileSync(path, bytes);
      const size = bytes.byteLength;
      deps.out(
        flags.json
          ? JSON.stringify({ id: exported.id, title: exported.title, format, path, bytes: size })
          : `Wrote ${path} (${size.toLocaleString('en')} bytes).`,
      );
    });
}
