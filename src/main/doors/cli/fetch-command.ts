import { Command, Option } from 'commander';
import type { FetchOptions, ResearchApi } from '../../../shared/api';
import {
  isFetchBatch,
  RenderModeSchema,
  type FetchPage,
  type FetchRequestInput,
  type FetchResponse,
} from '../../../shared/fetch-contract';
import { parseWholeNumber } from './output';

interface FetchFlags {
  index?: number;
  search?: string;
  json?: boolean;
  maxChars?: number;
  offset?: number;
  allowPrivate?: boolean;
  render?: 'auto' | 'never' | 'always';
  cache: boolean;
}

/**
 * `lantern fetch <url…>` or `lantern fetch --index N [--search ID]`: reads pages and prints
 * their text. The flags become a FetchRequest as given; the contract's schema decides what is
 * valid. Failures are thrown as LanternError for the CLI root to report.
 */
export function registerFetchCommand(
  program: Command,
  deps: { api: () => Pick<ResearchApi, 'fetch'>; out: (text: string) => void; session: string },
): void {
  program
    .command('fetch')
    .description('Fetch web pages (or a search result by index) and print their main text as Markdown')
    .argument('[urls...]', 'one or more http(s) URLs (up to 20)')
    .option(
      '--index <n>',
      'fetch result n (0-based) of the latest search instead of a URL',
      parseWholeNumber('--index', 0, 999),
    )
    .option('--search <id>', 'with --index: the search the result belongs to (default: the latest)')
    .option('--json', 'print the FetchResponse as JSON')
    .option(
      '--max-chars <n>',
      'characters to print: per page for one URL, shared by several (default 100000)',
      parseWholeNumber('--max-chars', 100, 1_000_000),
    )
    .option(
      '--offset <n>',
      'start at this character (continue a truncated page with its nextOffset)',
      parseWholeNumber('--offset', 0, 1_000_000_000),
    )
    .option('--allow-private', 'allow private, loopback and link-local addresses (e.g. a local dev server)')
    .addOption(
      new Option('--render <mode>', 'render in a browser: auto (when the page needs scripts), never, always').choices([
        ...RenderModeSchema.options,
      ]),
    )
    .option('--no-cache', 'fetch again even when a fresh copy is cached')
    .action(async (urls: string[], flags: FetchFlags) => {
      const request = buildRequest(urls, flags);
      const options: FetchOptions = { session: deps.session };
      if (flags.allowPrivate) options.allowPrivateNetworks = true;
      const response = await deps.api().fetch(request, options);
      deps.out(flags.json ? JSON.stringify(response) : formatFetchResponse(response));
    });
}

function buildRequest(urls: string[], flags: FetchFlags): FetchRequestInput {
  const request: FetchRequestInput = {};
  if (urls.length === 1) request.url = urls[0]!;
  else if (urls.length > 1) request.urls = urls;
  if (flags.index !== undefined) request.index = flags.index;
  if (flags.search !== undefined) request.searchId = flags.search;
  if (flags.maxChars !== undefined) request.maxChars = flags.maxChars;
  if (flags.offset !== undefined) request.offset = flags.offset;
  if (flags.render !== undefined) request.render = flags.render;
  if (!flags.cache) request.noCache = true;
  return request;
}

/** The readable form: title, URL, a line of facts, then the Markdown. */
export function formatFetchResponse(response: FetchResponse): string {
  if (!isFetchBatch(response)) return formatPage(response);
  return response.results
    .map((item) =>
      item.ok ? formatPage(item.page) : `✗ ${item.url}\n  error ${item.error.code}: ${item.error.message}`,
    )
    .join('\n\n---\n\n');
}

function formatPage(page: FetchPage): string {
  const facts = [page.contentType, `${page.wordCount} words`];
  if (page.rendered) facts.push('rendered in a browser');
  if (page.fromCache) facts.push('from cache');
  const lines = [
    `# ${page.title}`,
    page.finalUrl === page.url ? page.url : `${page.url} → ${page.finalUrl}`,
    facts.join(' · '),
    '',
    page.markdown.trimEnd(),
  ];
  if (page.truncated && page.nextOffset !== undefined) {
    lines.push(
      '',
      `[${page.markdown.length} of ${page.totalChars} characters shown; continue with --offset ${page.nextOffset}]`,
    );
  }
  return lines.join('\n');
}
