import { Command, Option } from 'commander';
import { ENGINE_IDS, type SearchRequestInput, type TimeRange } from '../../../shared/contract';
import type { ResearchApi } from '../../../shared/api';
import { formatSearchResults } from '../../../shared/format/results-text';
import { parseWholeNumber, reportError, type CliIo } from './output';

const TIME_FLAGS: Record<string, TimeRange> = { d: 'day', w: 'week', m: 'month', y: 'year' };

interface SearchFlags {
  engine?: string;
  limit?: number;
  page?: number;
  lang?: string;
  region?: string;
  time?: string;
  json?: boolean;
  cache: boolean;
  interactive?: boolean;
  site?: string[];
  excludeSite?: string[];
}

/** A flag given again adds to its list: --site a.com --site b.org. */
export function collect(value: string, list: string[] = []): string[] {
  return [...list, value];
}

export function registerSearchCommand(
  program: Command,
  deps: {
    api: () => ResearchApi;
    io: CliIo;
    setExitCode: (code: number) => void;
    session: string;
    /** When the command started (epoch ms). */
    startedAt: number;
  },
): void {
  program
    .command('search')
    .description('Search the web in a real browser and print the results')
    .argument('<query...>', 'what to search for (quote it or not)')
    .addOption(
      new Option('--engine <id>', 'pin one engine (no fallback), or all to fuse every enabled engine').choices([
        ...ENGINE_IDS,
        'all',
      ]),
    )
    .option(
      '--limit <n>',
      'results to return (1-100, default 10): further result pages are read while fewer have come; fewer only when the engine has no more',
      parseWholeNumber('--limit', 1, 100),
    )
    .option('--page <n>', 'result page, 1-based', parseWholeNumber('--page', 1, 50))
    .option(
      '--lang <tag>',
      'interface language, e.g. en or zh-CN (default: the search.lang setting, else from the query script)',
    )
    .option('--region <cc>', 'two-letter country code, e.g. us or de (default: the search.region setting)')
    .addOption(
      new Option('--time <range>', 'only results from the past day/week/month/year').choices(Object.keys(TIME_FLAGS)),
    )
    .option('--site <domain>', 'only results from this domain and its subdomains (again for several)', collect)
    .option('--exclude-site <domain>', 'never results from this domain and its subdomains (again for several)', collect)
    .option('--json', 'print the SearchResponse as JSON')
    .option('--no-cache', 'always ask the engine, even for a recent identical search')
    .option(
      '--interactive',
      'when the engine asks for a CAPTCHA or consent, show it in a browser window and wait for you',
    )
    .action(async (queryWords: string[], flags: SearchFlags) => {
      const request: SearchRequestInput = { query: queryWords.join(' ') };
      if (flags.engine) request.engine = flags.engine as NonNullable<SearchRequestInput['engine']>;
      if (flags.limit !== undefined) request.limit = flags.limit;
      if (flags.page !== undefined) request.page = flags.page;
      if (flags.lang) request.lang = flags.lang;
      if (flags.region) request.region = flags.region;
      if (flags.time) request.timeRange = TIME_FLAGS[flags.time];
      if (flags.site) request.includeDomains = flags.site;
      if (flags.excludeSite) request.excludeDomains = flags.excludeSite;
      try {
        const response = await deps.api().search(request, {
          noCache: !flags.cache,
          interactive: Boolean(flags.interactive),
          session: deps.session,
          recordHistory: true,
          // The page budget counts from the moment the command started (the limit is wall time),
          // or, when the browser was not running, from the moment it is ready (its launch has a limit of its own).
          startedAt: deps.startedAt,
        });
        deps.io.out(flags.json ? JSON.stringify(response) : formatSearchResults(response));
      } catch (error) {
        deps.setExitCode(reportError(error, Boolean(flags.json), deps.io));
      }
    });
}
