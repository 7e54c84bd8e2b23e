import { InvalidArgumentError, type Command } from 'commander';
import * as z from 'zod';
import { EngineFailureSchema, type ErrorInfo } from '../../../shared/contract';
import { toErrorInfo } from '../../../shared/errors';
import { exitCodeFor } from './exit-codes';

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

// A reader that stops early (`lantern search … | head`) closes the pipe: that is not an error of
// ours, and must not crash the process before it closes the browser.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

/** Each text written as a line: the newline added unless it ends with one. */
export function lineIo(write: { out: (chunk: string) => unknown; err: (chunk: string) => unknown }): CliIo {
  const line = (text: string): string => (text.endsWith('\n') ? text : `${text}\n`);
  return { out: (text) => void write.out(line(text)), err: (text) => void write.err(line(text)) };
}

export const processIo: CliIo = lineIo({
  out: (chunk) => process.stdout.write(chunk),
  err: (chunk) => process.stderr.write(chunk),
});

const EngineFailuresSchema = z.array(EngineFailureSchema);

/**
 * Reports a failure the way the CLI promises: with --json, `{"error":{…}}` on stdout (agents read
 * one stream); otherwise `error CODE: message` on stderr, then a line for each engine that was
 * tried when none answered. Returns the exit code.
 */
export function reportError(error: unknown, json: boolean, io: CliIo): number {
  const info: ErrorInfo = toErrorInfo(error);
  if (json) {
    io.out(JSON.stringify({ error: info }));
  } else {
    // When several engines were tried, each says its own reason on its own line (the leading
    // engine's among them), rather than the combined message repeating it.
    const engines = EngineFailuresSchema.safeParse(info.details?.['fallbacks']);
    if (!engines.success || engines.data.length < 2) io.err(`error ${info.code}: ${info.message}`);
    else
      io.err(
        [
          `error ${info.code}: no engine answered.`,
          ...engines.data.map(({ engine, code, message }) => `  ${engine}: ${code}: ${message}`),
        ].join('\n'),
      );
  }
  return exitCodeFor(info.code);
}

/**
 * Whether --json was given, to the subcommand or to the command above it: a command group
 * declares --json on each subcommand too, so it works on either side of the subcommand's name
 * whether or not the program uses positional options; optsWithGlobals() sees both.
 */
export function wantsJson(command: Command): boolean {
  return command.optsWithGlobals<{ json?: boolean }>().json === true;
}

/** Commander hands option values over as strings; turn one into a whole number or fail clearly. */
export function parseWholeNumber(name: string, min: number, max: number) {
  return (value: string): number => {
    const number = Number(value);
    if (!/^\d+$/.test(value.trim()) || number < min || number > max) {
      throw new InvalidArgumentError(`${name} must be a whole number from ${min} to ${max}.`);
    }
    return number;
  };
}
