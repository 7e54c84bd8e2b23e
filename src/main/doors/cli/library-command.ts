import type { Command } from 'commander';
import { definedFields } from '../../../shared/defined-fields';
import { withoutControlCharacters } from '../../../shared/format/plain-text';
import { oneLine } from '../../../shared/format/one-line';
import { passagePlace } from '../../../shared/format/library-passages';
import type {
  LibraryAddResponse,
  LibraryEvent,
  LibraryListResponse,
  LibraryRemoveResponse,
  LibrarySaveResponse,
  LibrarySearchResponse,
  LibraryType,
  UnreadableFileInfo,
} from '../../../shared/library-contract';
import { plural } from '../../../shared/format/plural';
import type { ResearchService } from '../../app/service';
import { wantsJson, type CliIo } from './output';

export interface LibraryCommandDeps {
  /** The runtime itself: `add --watch` listens to its watches' syncs. */
  api: () => ResearchService;
  io: CliIo;
}

/**
 * `lantern library [--json] [add PATH… [--watch] | list [--type T] [--query TEXT] | search
 * QUERY… [--limit N] [--type T] | remove ID… | save URL | unwatch FOLDER | reindex [PATH…]]`,
 * over ResearchApi's library:
 * the arguments become the request as given (the schema decides what is valid), progress goes
 * to stderr, the outcome to stdout. Ctrl-C cancels an add or re-index; with --watch, the command
 * then follows the folders until Ctrl-C.
 */
export function registerLibraryCommand(program: Command, deps: LibraryCommandDeps): void {
  const library = program
    .command('library')
    .description(
      'Your own documents (PDF, DOCX, EPUB, Markdown, HTML, text) and pages saved: add, list, search, remove, save, re-index',
    )
    .option('--json', 'print JSON instead of text');
  /** A line on stderr for each file an add or a re-index reaches: "indexing 3 of 10: notes.pdf". */
  const fileProgress =
    (doing: string) =>
    (event: LibraryEvent): void => {
      if (event.type === 'progress' && event.current !== '')
        deps.io.err(`${doing} ${event.done + 1} of ${event.total}: ${event.current}`);
    };

  library
    .command('add')
    .description('Add files and folders: every readable file indexed, the others listed with why')
    .argument('<paths...>', 'files or folders (a folder: every file the library reads in it, at any depth)')
    .option(
      '--watch',
      'follow the folders (files added, edited, removed): here until Ctrl-C, and whenever the app or `lantern serve` runs',
    )
    .option('--json', 'print JSON instead of text')
    .action(async (paths: string[], flags: { watch?: boolean }, command: Command) => {
      const request = { paths, ...(flags.watch ? { watch: true } : {}) };
      const response = await interruptible((signal) =>
        deps.api().library.add(request, { signal, onEvent: fileProgress('indexing') }),
      );
      deps.io.out(wantsJson(command) ? JSON.stringify(response) : formatAdded(response));
      if (response.watching.length > 0) {
        // stdout may be JSON: each sync is said beside the progress, on stderr.
        const stop = sayWatchSyncs(deps.api().library, deps.io.err);
        deps.io.err(`watching ${response.watching.join(', ')} (Ctrl-C to stop)`);
        await interrupted();
        stop();
      }
    });

  library
    .command('list', { isDefault: true })
    .description('The documents in the library (the default)')
    .option('--type <type>', 'only this type: pdf, docx, epub, markdown, html or text')
    .option('--query <text>', 'only documents whose title or path holds this text')
    .option('--json', 'print JSON instead of text')
    .action(async (flags: { type?: string; query?: string }, command: Command) => {
      const response = await deps
        .api()
        .library.list(definedFields({ type: flags.type as LibraryType | undefined, query: flags.query }));
      deps.io.out(wantsJson(command) ? JSON.stringify(response) : formatList(response));
    });

  library
    .command('search')
    .description('Ranked passages of your documents, numbered, with title, path and page or heading')
    .argument('<query...>', 'words to find')
    .option('--limit <n>', 'how many passages (1-50, default 10)', Number)
    .option('--type <type>', 'only this type: pdf, docx, epub, markdown, html or text')
    .option('--json', 'print JSON instead of text')
    .action(async (words: string[], flags: { limit?: number; type?: string }, command: Command) => {
      const response = await deps.api().library.search({
        query: words.join(' '),
        ...definedFields({ limit: flags.limit, type: flags.type as LibraryType | undefined }),
      });
      deps.io.out(wantsJson(command) ? JSON.stringify(response) : formatPassages(response));
    });

  library
    .command('remove')
    .description('Take documents out of the library by id (their files stay where they are)')
    .argument('<ids...>', 'document ids (see `lantern library list`)')
    .option('--json', 'print JSON instead of text')
    .action(async (ids: string[], _flags: unknown, command: Command) => {
      // Whole numbers as numbers; anything else as typed, for the schema to name.
      const response = await deps
        .api()
        .library.remove({ ids: ids.map((id) => (/^\s*\d+\s*$/.test(id) ? Number(id) : id)) as number[] });
      deps.io.out(wantsJson(command) ? JSON.stringify(response) : formatRemoved(response));
    });

  library
    .command('save')
    .description('Keep a page Lantern read (for an answer, or in the reader) in the library, by its address')
    .argument('<url>', 'the address of the page, as it was read')
    .option('--json', 'print JSON instead of text')
    .action(async (url: string, _flags: unknown, command: Command) => {
      const response = await deps.api().library.save({ url });
      deps.io.out(wantsJson(command) ? JSON.stringify(response) : formatSaved(response));
    });

  library
    .command('unwatch')
    .description('Stop following a watched folder (its documents stay in the library)')
    .argument('<folder>', 'a watched folder (see `lantern library list`)')
    .option('--json', 'print JSON instead of text')
    .action(async (folder: string, _flags: unknown, command: Command) => {
      const response = await deps.api().library.unwatch({ path: folder });
      deps.io.out(
        wantsJson(command)
          ? JSON.stringify(response)
          : `No longer watching ${plain(response.stopped)}; its documents stay in the library.`,
      );
    });

  library
    .command('reindex')
    .description("Bring the library's folders and files in step with the disk")
    .argument('[paths...]', 'only these folders or files of the library (default: all of it)')
    .option('--json', 'print JSON instead of text')
    .action(async (paths: string[], _flags: unknown, command: Command) => {
      const response = await interruptible((signal) =>
        deps.api().library.reindex(paths.length > 0 ? { paths } : {}, { signal, onEvent: fileProgress('checking') }),
      );
      deps.io.out(wantsJson(command) ? JSON.stringify(response) : formatAdded(response));
    });
}

/** A call Ctrl-C (SIGINT) cancels: the service stops at the next file and answers CANCELLED. */
async function interruptible<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const abort = (): void => controller.abort();
  process.once('SIGINT', abort);
  try {
    return await call(controller.signal);
  } finally {
    process.off('SIGINT', abort);
  }
}

/** Resolves at Ctrl-C (or SIGTERM), keeping the process up until then: the folder watch does not (watch.ts). */
function interrupted(): Promise<void> {
  const keepAlive = setInterval(() => undefined, 2 ** 30);
  return new Promise((resolve) => {
    const stop = (): void => {
      clearInterval(keepAlive);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

function plain(text: string): string {
  return withoutControlCharacters(oneLine(text));
}

function formatAdded(response: LibraryAddResponse): string {
  const lines = [
    `Indexed ${plural(response.indexed.length, 'file')}, ${response.unchanged} unchanged${response.removed.length > 0 ? `, ${response.removed.length} removed` : ''}; the library holds ${plural(response.documents, 'document')}.`,
  ];
  lines.push(...unreadableLines(response.unreadable));
  return lines.join('\n');
}

function formatList(response: LibraryListResponse): string {
  if (response.documents.length === 0 && response.unreadable.length === 0) {
    return 'The library is empty. Add files or folders with `lantern library add PATH…`.';
  }
  const lines = response.documents.map(
    (d) =>
      `#${d.id}  ${d.type}  ${plain(d.title)}  — ${plain(d.path)}${d.pages === undefined ? '' : ` (${plural(d.pages, 'page')})`}`,
  );
  if (response.unreadable.length > 0) lines.push('', ...unreadableLines(response.unreadable));
  if (response.watching.length > 0)
    lines.push('', `Watched whenever Lantern runs: ${response.watching.map(plain).join(', ')}`);
  return lines.join('\n');
}

/** The files that could not be read, each with why; nothing when every file was read. */
function unreadableLines(unreadable: readonly UnreadableFileInfo[]): string[] {
  if (unreadable.length === 0) return [];
  return [
    `Could not read ${plural(unreadable.length, 'file')}:`,
    ...unreadable.map((file) => `  ${plain(file.path)}: ${plain(file.reason)}`),
  ];
}

function formatPassages(response: LibrarySearchResponse): string {
  if (response.passages.length === 0) return `Nothing in the library matches "${plain(response.query)}".`;
  return response.passages
    .map((p) => {
      const place = passagePlace(p);
      return `[${p.n}] ${plain(p.title)} — ${plain(p.path)}${place ? `, ${plain(place)}` : ''}  (#${p.documentId})\n    ${plain(p.snippet)}`;
    })
    .join('\n');
}

function formatSaved(response: LibrarySaveResponse): string {
  const { document } = response;
  const what =
    response.outcome === 'saved'
      ? 'Saved to your library'
      : response.outcome === 'updated'
        ? 'Updated in your library'
        : 'Already in your library as it is';
  return `${what}: #${document.id} ${plain(document.title)} (${plain(document.path)}, ${plural(document.sections, 'section')}); the library holds ${plural(response.documents, 'document')}.`;
}

function formatRemoved(response: LibraryRemoveResponse): string {
  const lines = response.removed.map(
    (d) => `Removed #${d.id} ${plain(d.title)} (${plain(d.path)}); the file stays where it is.`,
  );
  if (response.notFound.length > 0)
    lines.push(`Not in the library: ${response.notFound.map((id) => `#${id}`).join(', ')}.`);
  return lines.join('\n');
}

/** Says each sync of a watched folder after a change on disk (`library add --watch`, `lantern serve`). */
export function sayWatchSyncs(
  library: Pick<ResearchService['library'], 'onWatchSync'>,
  say: (line: string) => void,
): () => void {
  return library.onWatchSync(({ folder, indexed, removed }) =>
    say(`Library: ${folder} changed: ${plural(indexed.length, 'file')} indexed, ${removed.length} removed.`),
  );
}
