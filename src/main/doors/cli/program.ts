/**
 * `lantern` itself: parses the arguments and reports the outcome; every command goes through the
 * one ResearchApi that the Node composition root (node-runtime.ts) builds, at the first command
 * that needs it. The process is the entry's (src/main/cli.ts): this module reads no process.env,
 * writes through the given CliIo and never exits, so a test can run it in its own process.
 */
import type { Readable, Writable } from 'node:stream';
import { Command, CommanderError } from 'commander';
import { LanternError } from '../../../shared/errors';
import { createNodeRuntime, type NodeRuntimeOptions } from '../../app/node-runtime';
import { resolveDataDir } from '../../app/paths';
import type { ResearchService } from '../../app/service';
import { registerAskCommand } from './ask-command';
import { EXIT } from './exit-codes';
import { registerExportCommand } from './export-command';
import { registerFetchCommand } from './fetch-command';
import { registerHistoryCommand } from './history-command';
import { checkoutLauncher } from './lantern-launcher';
import { registerLibraryCommand } from './library-command';
import { registerMcpCommand } from './mcp-command';
import { registerModelCommand } from './model-command';
import { registerMcpInstallCommands } from './mcp-install-command';
import { parseWholeNumber, reportError, type CliIo } from './output';
import { registerSearchCommand } from './search-command';
import { registerServeCommand } from './serve-command';
import { registerSettingsCommand } from './settings-command';
import { registerTokenCommand } from './token-command';

declare const LANTERN_VERSION: string;

/** The CLI's session: `lantern search` then `lantern fetch --index N` in a later process share it. */
const CLI_SESSION = 'cli';

const VERSION = typeof LANTERN_VERSION === 'string' ? LANTERN_VERSION : 'dev';

export interface LanternRunOptions {
  io: CliIo;
  /** The environment every setting is read from (data dir, browser, engine URLs, page budget…). */
  env: NodeJS.ProcessEnv;
  /** When the command started (epoch ms): a search's page budget counts from it. Default: now. */
  startedAt?: number;
  /** `lantern mcp`'s protocol streams; default the process's stdin and stdout. */
  stdin?: Readable;
  stdout?: Writable;
  /**
   * Told when the browser did not close within its grace period, with the exit code and the close
   * still going on; the entry ends the process there. Without it the run just returns the code.
   */
  onSlowClose?: (exitCode: number, closing: Promise<void>) => void;
  /**
   * A runtime the caller made and closes itself (tests: its browser already launched), with its
   * own page budget (--timeout does not reach it); else one is made at first use and closed at the end.
   */
  runtime?: ResearchService;
  /** The built-in model runtime's worker beside the bundle (cli.ts); none when running the source in process. */
  modelWorker?: NodeRuntimeOptions['modelWorker'];
}

/** Runs `lantern <argv>` and returns its exit code. */
export async function runLantern(argv: string[], options: LanternRunOptions): Promise<number> {
  const { io, env } = options;
  const startedAt = options.startedAt ?? Date.now();
  let exitCode: number = EXIT.ok;
  let runtime: ResearchService | undefined;
  const wantsJson = argv.includes('--json');
  const program = new Command('lantern')
    .description('Research from the terminal: web search in a real browser, for people and agents.')
    .version(VERSION)
    .option('--timeout <ms>', 'page budget in milliseconds (default 5000)', parseWholeNumber('--timeout', 100, 600_000))
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.out(text), writeErr: (text) => io.err(text.trimEnd()) });

  const api = (): ResearchService => {
    if (options.runtime) return options.runtime;
    const timeout = program.opts<{ timeout?: number }>().timeout;
    runtime ??= createNodeRuntime({
      env,
      ...(timeout === undefined ? {} : { pageTimeoutMs: timeout }),
      onWarning: (message) => io.err(`warning: ${message}`),
      ...(options.modelWorker ? { modelWorker: options.modelWorker } : {}),
    });
    return runtime;
  };
  const dataDir = (): string => resolveDataDir(env);
  const setExitCode = (code: number): void => {
    exitCode = code;
  };
  registerSearchCommand(program, { api, io, setExitCode, session: CLI_SESSION, startedAt });
  registerAskCommand(program, { api, io, setExitCode, session: CLI_SESSION });
  registerFetchCommand(program, { api, out: io.out, session: CLI_SESSION });
  registerHistoryCommand(program, { api, out: io.out });
  registerLibraryCommand(program, { api, io });
  registerExportCommand(program, { api, out: io.out, cwd: () => process.cwd() });
  registerSettingsCommand(program, { api, out: io.out });
  registerModelCommand(program, { api, io, setExitCode });
  const mcp = registerMcpCommand(program, {
    api,
    dataDir,
    timeoutMs: () => program.opts<{ timeout?: number }>().timeout,
    version: VERSION,
    log: io.err,
    io,
    setExitCode,
    ...(options.stdin ? { stdin: options.stdin } : {}),
    ...(options.stdout ? { stdout: options.stdout } : {}),
  });
  registerMcpInstallCommands(mcp, {
    io,
    env,
    launcher: checkoutLauncher,
    ...(options.stdin ? { stdin: options.stdin } : {}),
  });
  registerServeCommand(program, { api, dataDir, io, version: VERSION, env });
  registerTokenCommand(program, { dataDir, out: io.out });

  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here with code 0.
      if (error.exitCode === 0) return EXIT.ok;
      if (wantsJson) reportError(new LanternError('INVALID_INPUT', error.message.replace(/^error: /, '')), true, io);
      return EXIT.invalidInput;
    }
    exitCode = reportError(error, wantsJson, io);
  } finally {
    // playwright-core kills the browser it launched when this process exits.
    const graceMs = exitCode === EXIT.ok ? CLOSE_GRACE_MS.afterSuccess : CLOSE_GRACE_MS.afterFailure;
    const closing = runtime?.close();
    if (closing && !(await settlesWithin(closing, graceMs))) options.onSlowClose?.(exitCode, closing);
  }
  return exitCode;
}

/**
 * Closing the browser gracefully saves its cookies (Google's, earned over a session), so a
 * successful search waits for it; after a failure the command must not linger on a slow quit.
 */
const CLOSE_GRACE_MS = { afterSuccess: 3000, afterFailure: 300 };

/** True when `closing` settled within the grace period. */
async function settlesWithin(closing: Promise<void>, graceMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    // A close that fails in time fails the run; one that fails later is the onSlowClose caller's.
    closing.then(
      () => ({ closed: true }),
      (error: unknown) => ({ closed: true, error }),
    ),
    new Promise<{ closed: false }>((resolve) => (timer = setTimeout(() => resolve({ closed: false }), graceMs))),
  ]);
  clearTimeout(timer);
  if ('error' in outcome) throw outcome.error;
  return outcome.closed;
}
