import type { CliIo } from './output';

/**
 * A rejection nobody awaits any more — a browser call left behind by a load that already gave up
 * (its budget ran out, it was cancelled) and failed afterwards — must not end the process with
 * Node's stack trace in place of the command's JSON and exit code: the command already has its
 * outcome, or will have it from the call it does await. It is reported on stderr as a warning,
 * with its stack, so the bug behind it can still be found. For the process's own entry only:
 * `lantern` and the servers it runs (tests run commands in process and keep Vitest's handler).
 */
export function reportStrayRejections(io: CliIo, target: Pick<NodeJS.Process, 'on'> = process): void {
  target.on('unhandledRejection', (reason: unknown) => {
    const detail = reason instanceof Error ? (reason.stack ?? `${reason.name}: ${reason.message}`) : String(reason);
    io.err(`warning: an operation that was already given up failed afterwards (ignored): ${detail}`);
  });
}
