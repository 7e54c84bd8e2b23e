import { InvalidArgumentError, type Command } from 'commander';
import type { AnswerRequestInput } from '../../shared/answer-contract';
import type { ResearchApi } from '../../shared/api';
import { definedFields } from '../../shared/defined-fields';
import { answerProgress } from '../../shared/format/answer-progress';
import { formatAnswerText } from '../../shared/format/answer-text';
import { parseWholeNumber, reportError, type CliIo } from './output';

interface AskFlags {
  json?: boolean;
  pages?: number;
  url?: string[];
  composer?: string;
  allowPrivate?: boolean;
  llmUrl?: string;
  model?: string;
  thread?: number;
}

/** "12" or "#12", as `lantern history` takes a thread id; the range is the request schema's to check. */
function parseThreadId(value: string): number {
  const digits = value.trim().replace(/^#/, '');
  if (!/^\d+$/.test(digits)) throw new InvalidArgumentError('--thread must be a thread id such as 12 (see `lantern history list`).');
  return Number(digits);
}

/**
 * `lantern ask "<question>" [--json] [--thread ID] [--pages N] [--url U …]
 * [--composer auto|extractive|llm] [--llm-url URL --model NAME] [--allow-private]`: progress on
 * stderr, the cited answer (or the AnswerResponse) on stdout.
 */
export function registerAskCommand(
  program: Command,
  deps: { api: () => ResearchApi; io: CliIo; setExitCode: (code: number) => void; session: string },
): void {
  program
    .command('ask')
    .description('Answer a question from web pages, every sentence citing its checked sources')
    .argument('<question...>', 'the question (quote it or not)')
    .option('--json', 'print the AnswerResponse as JSON')
    .option('--thread <id>', 'ask in this history thread: a follow-up such as "Who directed it?" is understood from its earlier turns', parseThreadId)
    .option('--pages <n>', 'pages to read from the search results (1-10, default 6)', parseWholeNumber('--pages', 1, 10))
    .option('--url <url...>', 'answer from these pages instead of searching (up to 20)')
    // The schema decides which composers are valid, so a bad value gets the API's own message.
    .option('--composer <name>', 'auto (an LLM when one is configured), extractive or llm')
    .option('--llm-url <url>', "an OpenAI-compatible base URL for this answer (else the settings' llm.baseUrl or preset)")
    .option('--model <name>', "the model for this answer (else the settings' llm.model)")
    .option('--allow-private', 'allow private, loopback and link-local addresses (e.g. a local dev server)')
    .action(async (questionWords: string[], flags: AskFlags) => {
      const request: AnswerRequestInput = { question: questionWords.join(' ') };
      if (flags.pages !== undefined) request.pages = flags.pages;
      if (flags.url) request.urls = flags.url;
      if (flags.composer !== undefined) request.composer = flags.composer as NonNullable<AnswerRequestInput['composer']>;
      if (flags.thread !== undefined) request.threadId = flags.thread;
      const progress = answerProgress();
      try {
        deps.io.err(flags.url ? 'reading the given pages…' : 'searching…');
        const response = await deps.api().answer(request, {
          session: deps.session,
          recordHistory: true,
          onEvent: (event) => {
            const line = progress(event);
            if (line) deps.io.err(line);
          },
          ...(flags.allowPrivate ? { allowPrivateNetworks: true } : {}),
          llm: definedFields({ baseUrl: flags.llmUrl, model: flags.model }),
        });
        deps.io.out(flags.json ? JSON.stringify(response) : formatAnswerText(response));
      } catch (error) {
        deps.setExitCode(reportError(error, Boolean(flags.json), deps.io));
      }
    });
}
