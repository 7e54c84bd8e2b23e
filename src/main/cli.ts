/**
 * `lantern` — the process around the command-line door (doors/cli/program.ts): the arguments, the
 * environment and the standard streams are this process's, and so is the exit code.
 */
import { processIo } from './doors/cli/output';
import { runLantern } from './doors/cli/program';
import { reportStrayRejections } from './doors/cli/stray-failures';

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
