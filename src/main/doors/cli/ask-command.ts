import { InvalidArgumentError, type Command } from 'commander';
import type { AnswerRequestInput } from '../../../shared/answer-contract';
import type { ResearchApi } from '../../../shared/api';
import { definedFields } from '../../../shared/defined-fields';
import { answerProgress } from '../../../shared/format/answer-progress';
import { formatAnswerPlain } from './answer-plain';
import { researchProgress } from '../../../shared/format/research-progress';
import { LanternError } from '../../../shared/errors';
import type { ResearchRequestInput } from '../../../shared/research-contract';
import { parseWholeNumber, reportError, type CliIo } from './output';
import { collect } from './search-command';

interface AskFlags {
  json?: boolean;
  deep?: boolean;
  maxPages?: number;
  timeBudget?: number;
  pages?: number;
  url?: string[];
  composer?: string;
  allowPrivate?: boolean;
  interactive?: boolean;
  llmUrl?: string;
  model?: string;
  thread?: number;
  site?: string[];
  excludeSite?: string[];
  scope?: string;
}

/** --site and --exclude-site as the request's domains (the schema checks them). */
function domainsOf(flags: AskFlags): { includeDomains?: string[]; excludeDomains?: string[] } {
  return definedFields({ includeDomains: flags.site, excludeDomains: flags.excludeSite });
}

/**
 * The call options a quick answer and a deep research share: this session, kept in the history,
 * each step told on stderr as `progress` words it, the flags' network permission and model.
 */
function runOptions<Event>(
  flags: AskFlags,
  deps: { io: CliIo; session: string },
  progress: (event: Event) => string | undefined,
): {
  session: string;
  recordHistory: true;
  onEvent: (event: Event) => void;
  allowPrivateNetworks?: true;
  llm: { baseUrl?: string; model?: string };
} {
  return {
    session: deps.session,
    recordHistory: true,
    onEvent: (event) => {
      const line = progress(event);
      if (line) deps.io.err(line);
    },
    ...(flags.allowPrivate ? { allowPrivateNetworks: true } : {}),
    llm: definedFields({ baseUrl: flags.llmUrl, model: flags.model }),
  };
}

/** "12" or "#12", as `lantern history` takes a thread id; the range is the request schema's to check. */
function parseThreadId(value: string): number {
  const digits = value.trim().replace(/^#/, '');
  if (!/^\d+$/.test(digits))
    throw new InvalidArgumentError('--thread must be a thread id such as 12 (see `lantern history list`).');
  return Number(digits);
}

/**
 * `lantern ask "<question>" [--json] [--thread ID] [--pages N] [--url U …]
 * [--composer auto|extractive|llm] [--scope web|library|both] [--llm-url URL --model NAME] [--allow-private]`: progress on
 * stderr, the cited answer as plain text (answer-plain.ts; or the AnswerResponse) on stdout. With `--deep [--max-pages N]
 * [--time-budget S] [--interactive]`, deep research instead: the report as Markdown with footnotes
 * (or the ResearchReport).
 */
export function registerAskCommand(
  program: Command,
  deps: { api: () => ResearchApi; io: CliIo; setExitCode: (code: number) => void; session: string },
): void {
  program
    .command('ask')
    .description('Answer a question from web pages, every sentence citing its checked sources')
    .argument('<question...>', 'the question (quote it or not)')
    .option('--json', 'print the AnswerResponse (with --deep: the ResearchReport) as JSON')
    .option(
      '--deep',
      'deep research: sub-questions, several searches, up to --max-pages pages, a report with sections, disagreements and what is not answered',
    )
    .option(
      '--max-pages <n>',
      'with --deep: pages read at most (1-40, default 20)',
      parseWholeNumber('--max-pages', 1, 40),
    )
    .option(
      '--time-budget <seconds>',
      'with --deep: how long the gathering may take (5-600, default 90)',
      parseWholeNumber('--time-budget', 5, 600),
    )
    .option(
      '--thread <id>',
      'ask in this history thread: a follow-up such as "Who directed it?" is understood from its earlier turns',
      parseThreadId,
    )
    .option(
      '--pages <n>',
      'pages to read from the search results (1-10, default 6)',
      parseWholeNumber('--pages', 1, 10),
    )
    .option('--url <url...>', 'answer from these pages instead of searching (up to 20)')
    // The schema decides which composers are valid, so a bad value gets the API's own message.
    .option('--composer <name>', 'auto (an LLM when one is configured), extractive or llm')
    .option(
      '--llm-url <url>',
      "an OpenAI-compatible base URL for this answer (else the settings' llm.baseUrl or preset)",
    )
    .option('--model <name>', "the model for this answer (else the settings' llm.model)")
    .option('--site <domain>', 'search only this domain and its subdomains (again for several)', collect)
    .option('--exclude-site <domain>', 'never read this domain or its subdomains (again for several)', collect)
    // The schema decides which scopes are valid, so a bad value gets the API's own message.
    .option('--scope <scope>', 'where to read: web (default), library (your documents: `lantern library add`) or both')
    .option('--allow-private', 'allow private, loopback and link-local addresses (e.g. a local dev server)')
    .option(
      '--interactive',
      'with --deep: when an engine asks for a CAPTCHA mid-research, show it in a browser window, wait for you, then go on',
    )
    .action(async (questionWords: string[], flags: AskFlags) => {
      if (flags.deep) return deepResearch(questionWords.join(' '), flags, deps);
      if (flags.maxPages !== undefined || flags.timeBudget !== undefined) {
        deps.setExitCode(
          reportError(
            new LanternError('INVALID_INPUT', '--max-pages and --time-budget are for deep research: add --deep.'),
            Boolean(flags.json),
            deps.io,
          ),
        );
        return;
      }
      // A quick answer has no pause to wait in: its searches fail at once when an engine is blocked.
      if (flags.interactive) {
        const error = new LanternError(
          'INVALID_INPUT',
          '--interactive is for deep research: add --deep (before a quick answer, solve a CAPTCHA with `lantern search --interactive`).',
        );
        deps.setExitCode(reportError(error, Boolean(flags.json), deps.io));
        return;
      }
      const request: AnswerRequestInput = { question: questionWords.join(' '), ...domainsOf(flags) };
      if (flags.pages !== undefined) request.pages = flags.pages;
      if (flags.url) request.urls = flags.url;
      if (flags.composer !== undefined)
        request.composer = flags.composer as NonNullable<AnswerRequestInput['composer']>;
      if (flags.thread !== undefined) request.threadId = flags.thread;
      if (flags.scope !== undefined) request.scope = flags.scope as NonNullable<AnswerRequestInput['scope']>;
      const progress = answerProgress();
      try {
        deps.io.err(
          flags.url ? 'reading the given pages…' : flags.scope === 'library' ? 'searching the library…' : 'searching…',
        );
        const response = await deps.api().answer(request, runOptions(flags, deps, progress));
        deps.io.out(flags.json ? JSON.stringify(response) : formatAnswerPlain(response));
      } catch (error) {
        deps.setExitCode(reportError(error, Boolean(flags.json), deps.io));
      }
    });
}

/** `ask --deep`: the same flags where they mean the same (thread, composer, model, scope, private networks); --pages and --url are a quick answer's, --interactive deep research's. */
async function deepResearch(
  question: string,
  flags: AskFlags,
  deps: { api: () => ResearchApi; io: CliIo; setExitCode: (code: number) => void; session: string },
): Promise<void> {
  const json = Boolean(flags.json);
  if (flags.pages !== undefined || flags.url) {
    const error = new LanternError(
      'INVALID_INPUT',
      '--pages and --url are for a quick answer; deep research searches for itself: use --max-pages to bound the pages it reads.',
    );
    deps.setExitCode(reportError(error, json, deps.io));
    return;
  }
  const request: ResearchRequestInput = {
    question,
    ...domainsOf(flags),
    ...definedFields({
      maxPages: flags.maxPages,
      timeBudgetMs: flags.timeBudget === undefined ? undefined : flags.timeBudget * 1000,
      threadId: flags.thread,
      scope: flags.scope as ResearchRequestInput['scope'],
    }),
    ...(flags.composer === undefined
      ? {}
      : { composer: flags.composer as NonNullable<ResearchRequestInput['composer']> }),
  };
  const progress = researchProgress();
  try {
    deps.io.err('planning…');
    const report = await deps.api().research.run(request, {
      ...runOptions(flags, deps, progress),
      ...(flags.interactive ? { interactive: true } : {}),
    });
    deps.io.out(json ? JSON.stringify(report) : report.markdown);
  } catch (error) {
    deps.setExitCode(reportError(error, json, deps.io));
  }
}
