/**
 * `lantern` — the headless composition root: search (and later fetch, ask, serve, mcp, history)
 * from a terminal or an agent's shell, with a system Chrome/Chromium.
 */
import { Command, CommanderError } from 'commander';
import { LanternError } from '../shared/errors';
import { registerSearchCommand } from './cli/search-command';
import { EXIT } from './cli/exit-codes';
import { processIo, reportError, parseWholeNumber } from './cli/output';
import { createNodeRuntime } from './node-runtime';
import type { ResearchService } from './service';

declare const LANTERN_VERSION: string;

export async function main(argv: string[]): Promise<number> {
  let exitCode: number = EXIT.ok;
  let runtime: ResearchService | undefined;
  const wantsJson = argv.includes('--json');
  const program = new Command('lantern')
    .description('Research from the terminal: web search in a real browser, for people and agents.')
    .version(typeof LANTERN_VERSION === 'string' ? LANTERN_VERSION : 'dev')
    .option('--timeout <ms>', 'page budget in milliseconds (default 5000)', parseWholeNumber('--timeout', 100, 600_000))
    .exitOverride()
    .configureOutput({ writeErr: (text) => processIo.err(text.trimEnd()) });

  const api = (): ResearchService => {
    const timeout = program.opts<{ timeout?: number }>().timeout;
    runtime ??= createNodeRuntime(timeout === undefined ? {} : { pageTimeoutMs: timeout });
    return runtime;
  };
  registerSearchCommand(program, { api, io: processIo, setExitCode: (code) => (exitCode = code) });

  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here with code 0.
      if (error.exitCode === 0) return EXIT.ok;
      if (wantsJson) reportError(new LanternError('INVALID_INPUT', error.message.replace(/^error: /, '')), true, processIo);
      return EXIT.invalidInput;
    }
    exitCode = reportError(error, wantsJson, processIo);
  } finally {
    await runtime?.close();
  }
  return exitCode;
}

process.exitCode = await main(process.argv.slice(2));
