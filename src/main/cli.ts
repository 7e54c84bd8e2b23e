/**
 * `lantern` — the process around the command-line door (cli/program.ts): the arguments, the
 * environment and the standard streams are this process's, and so is the exit code.
 */
import { processIo } from './cli/output';
import { runLantern } from './cli/program';
import { reportStrayRejections } from './cli/stray-failures';

reportStrayRejections(processIo);
import { builtWorkerEntry } from './models/local-runtime';

process.exitCode = await runLantern(process.argv.slice(2), {
  io: processIo,
  env: process.env,
  // The page budget counts from the moment the process started: the limit is wall time.
  startedAt: performance.timeOrigin,
  // playwright-core kills the browser it launched when this process exits.
  onSlowClose: (exitCode) => process.exit(exitCode),
  // dist/model-worker.js, beside this bundle's dist/cli.js.
  modelWorker: builtWorkerEntry(import.meta.url),
});
