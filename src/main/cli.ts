/**
 * `lantern` — the command-line door: parses the arguments and reports the outcome; every command
 * goes through the one ResearchApi that the Node composition root (node-runtime.ts) builds, at
 * the first command that needs it.
 */
import { Command, CommanderError } from 'commander';
import { LanternError } from '../shared/errors';
import { registerAskCommand } from './cli/ask-command';
import { registerFetchCommand } from './cli/fetch-command';
import { registerHistoryCommand } from './cli/history-command';
import { registerMcpCommand } from './cli/mcp-command';
import { registerSearchCommand } from './cli/search-command';
import { registerServeCommand } from './cli/serve-command';
import { registerSettingsCommand } from './cli/settings-command';
import { registerTokenCommand } from './cli/token-command';
import { EXIT } from './cli/exit-codes';
import { processIo, reportError, parseWholeNumber } from './cli/output';
import { createNodeRuntime } from './node-runtime';
import { resolveDataDir } from './paths';
import type { ResearchService } from './service';

declare const LANTERN_VERSION: string;

/** The CLI's session: `lantern search` then `lantern fetch --index N` in a later process share it. */
const CLI_SESSION = 'cli';

const VERSION = typeof LANTERN_VERSION === 'string' ? LANTERN_VERSION : 'dev';

export async function main(argv: string[]): Promise<number> {
  let exitCode: number = EXIT.ok;
  let runtime: ResearchService | undefined;
  const wantsJson = argv.includes('--json');
  const program = new Command('lantern')
    .description('Research from the terminal: web search in a real browser, for people and agents.')
    .version(VERSION)
    .option('--timeout <ms>', 'page budget in milliseconds (default 5000)', parseWholeNumber('--timeout', 100, 600_000))
    .exitOverride()
    .configureOutput({ writeErr: (text) => processIo.err(text.trimEnd()) });

  const api = (): ResearchService => {
    const timeout = program.opts<{ timeout?: number }>().timeout;
    runtime ??= createNodeRuntime({
      ...(timeout === undefined ? {} : { pageTimeoutMs: timeout }),
      onWarning: (message) => processIo.err(`warning: ${message}`),
    });
    return runtime;
  };
  registerSearchCommand(program, { api, io: processIo, setExitCode: (code) => (exitCode = code), session: CLI_SESSION });
  registerAskCommand(program, { api, io: processIo, setExitCode: (code) => (exitCode = code), session: CLI_SESSION });
  registerFetchCommand(program, { api, out: processIo.out, session: CLI_SESSION });
  registerHistoryCommand(program, { api, out: processIo.out });
  registerSettingsCommand(program, { api, out: processIo.out });
  registerMcpCommand(program, {
    api,
    dataDir: () => resolveDataDir(process.env),
    timeoutMs: () => program.opts<{ timeout?: number }>().timeout,
    version: VERSION,
    log: processIo.err,
  });
  registerServeCommand(program, { api, dataDir: () => resolveDataDir(process.env), io: processIo, version: VERSION });
  registerTokenCommand(program, { dataDir: () => resolveDataDir(process.env), out: processIo.out });

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
    // playwright-core kills the browser it launched when this process exits.
    const graceMs = exitCode === EXIT.ok ? CLOSE_GRACE_MS.afterSuccess : CLOSE_GRACE_MS.afterFailure;
    if (!(await closeWithin(runtime, graceMs))) process.exit(exitCode);
  }
  return exitCode;
}

/**
 * Closing the browser gracefully saves its cookies (Google's, earned over a session), so a
 * successful search waits for it; after a failure the command must not linger on a slow quit.
 */
const CLOSE_GRACE_MS = { afterSuccess: 3000, afterFailure: 300 };

/** True when the runtime closed within the grace period. */
async function closeWithin(runtime: ResearchService | undefined, graceMs: number): Promise<boolean> {
  if (!runtime) return true;
  let timer: NodeJS.Timeout | undefined;
  const closed = await Promise.race([
    runtime.close().then(() => true),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
  ]);
  clearTimeout(timer);
  return closed;
}

process.exitCode = await main(process.argv.slice(2));
