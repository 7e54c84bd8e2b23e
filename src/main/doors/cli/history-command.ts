import { writeFileSync } from 'node:fs';
import { Command, Option } from 'commander';
import type { ResearchApi } from '../../../shared/api';
import { oneLine } from '../../../shared/format/one-line';
import { withoutControlCharacters } from '../../../shared/format/plain-text';
import { sourceNumber } from '../../../shared/source-number';
import { markdownAsPlainText } from './answer-plain';
import { plural } from '../../../shared/format/plural';
import { wantsJson } from './output';
import {
  FullTextScopeSchema,
  type FullTextHit,
  type FullTextScope,
  type Thread,
  type ThreadSummary,
} from '../../../shared/history-contract';

export interface HistoryCommandDeps {
  api: () => ResearchApi;
  out: (text: string) => void;
}

/**
 * `lantern history [--json] [list | search <text> | show <id> | delete <id> | export <id> --md]`,
 * over ResearchApi's history. Failures are thrown as LanternError (NOT_FOUND, INVALID_INPUT) for
 * the CLI root to report.
 */
export function registerHistoryCommand(program: Command, deps: HistoryCommandDeps): void {
  const history = program
    .command('history')
    .description('Your research history: list, search, show, delete or export threads')
    .option('--json', 'print JSON instead of text');

  history
    .command('list', { isDefault: true })
    .description('Threads, most recently active first (the default)')
    .option('--limit <n>', 'how many threads (default 50)', Number)
    .option('--json', 'print JSON instead of text')
    .action(async (flags: { limit?: number }, command: Command) => {
      const threads = await deps.api().history.list(flags.limit === undefined ? {} : { limit: flags.limit });
      deps.out(wantsJson(command) ? JSON.stringify(threads) : formatThreadList(threads));
    });

  history
    .command('search')
    .description('Full-text search over questions, answers and fetched pages')
    .argument('<text...>', 'words to find (all must occur); any script, e.g. 研究 or climate')
    .addOption(new Option('--scope <scope>', 'where to look').choices(FullTextScopeSchema.options).default('all'))
    .option('--limit <n>', 'how many hits (default 20)', Number)
    .option('--json', 'print JSON instead of text')
    .action(async (words: string[], flags: { scope: FullTextScope; limit?: number }, command: Command) => {
      const text = words.join(' ');
      const hits = await deps
        .api()
        .history.search({ text, scope: flags.scope, ...(flags.limit === undefined ? {} : { limit: flags.limit }) });
      deps.out(wantsJson(command) ? JSON.stringify(hits) : formatHits(hits, text));
    });

  history
    .command('show')
    .description('A thread with its questions, answers and sources')
    .argument('<id>', 'thread id (see `lantern history list`)')
    .option('--json', 'print JSON instead of text')
    .action(async (id: string, _flags: unknown, command: Command) => {
      const thread = await deps.api().history.get({ id });
      deps.out(wantsJson(command) ? JSON.stringify(thread) : formatThread(thread));
    });

  history
    .command('delete')
    .description('Delete a thread and its turns')
    .argument('<id>', 'thread id')
    .option('--json', 'print JSON instead of text')
    .action(async (id: string, _flags: unknown, command: Command) => {
      const deleted = await deps.api().history.delete({ id });
      deps.out(
        wantsJson(command)
          ? JSON.stringify({ deleted: deleted.deleted, title: deleted.title })
          : `Deleted thread #${deleted.deleted} "${deleted.title}" (${plural(deleted.turnCount, 'turn')}).`,
      );
    });

  history
    .command('export')
    .description('Write a thread as Markdown with footnoted sources')
    .argument('<id>', 'thread id')
    .option('--md', 'Markdown (the only format, and the default)')
    .option('-o, --output <file>', 'write to this file instead of standard output')
    .option('--json', 'print {"markdown": …} (and "path" with --output) as JSON')
    .action(async (id: string, flags: { output?: string }, command: Command) => {
      const exported = await deps.api().history.export({ id, format: 'markdown' });
      const markdown = exported.format === 'markdown' ? exported.markdown : '';
      if (flags.output !== undefined) writeFileSync(flags.output, markdown);
      if (wantsJson(command)) {
        deps.out(JSON.stringify(flags.output === undefined ? { markdown } : { path: flags.output, markdown }));
      } else {
        deps.out(flags.output === undefined ? markdown : `Wrote ${flags.output}.`);
      }
    });
}

function formatThreadList(threads: ThreadSummary[]): string {
  if (threads.length === 0) return 'No threads yet. Search with `lantern search "…"`, then find it here.';
  return threads
    .map((t) => `#${t.id}  ${t.title || '(untitled)'}  — ${plural(t.turnCount, 'turn')}, updated ${when(t.updatedAt)}`)
    .join('\n');
}

function formatThread(thread: Thread): string {
  const lines = [
    `#${thread.id}  ${thread.title || '(untitled)'}`,
    `started ${when(thread.createdAt)}, updated ${when(thread.updatedAt)}`,
  ];
  for (const turn of thread.turns) {
    lines.push('', `[${turn.position + 1}] ${turn.question}  (${turn.mode}, ${when(turn.createdAt)})`);
    if (turn.searchedFor !== undefined) lines.push(`Searched for: ${turn.searchedFor}`);
    if (turn.error !== undefined) lines.push('', `Not answered: ${turn.error.code}: ${turn.error.message}`);
    if (turn.answer.trim() !== '') lines.push('', markdownAsPlainText(turn.answer));
    if (turn.sources.length > 0) {
      lines.push(
        '',
        'Sources:',
        ...turn.sources.map((s, i) => `  ${sourceNumber(s, i)}. ${s.title || s.url} — ${s.url}`),
      );
    }
  }
  return withoutControlCharacters(lines.join('\n'));
}

function formatHits(hits: FullTextHit[], text: string): string {
  if (hits.length === 0) return `Nothing in the history or fetched pages matches "${text}".`;
  return hits
    .map((hit) =>
      hit.kind === 'turn'
        ? `thread #${hit.threadId} · ${when(hit.createdAt)} · ${hit.question}\n    ${oneLine(hit.snippet)}`
        : `page · ${hit.title || hit.url} · ${hit.url} · fetched ${when(hit.fetchedAt)}\n    ${oneLine(hit.snippet)}`,
    )
    .join('\n');
}

function when(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')}Z`;
}
