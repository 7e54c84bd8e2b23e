/**
 * The lines a child process writes, awaited as they come: a test waits for the line that says
 * something happened instead of polling on a clock (the test's own timeout guards a hang).
 */
import type { Readable } from 'node:stream';

export interface OutputLines {
  /** The next line, after those already taken, that matches; rejects if the stream ends first. */
  next(pattern: RegExp): Promise<RegExpMatchArray>;
  /** Everything written so far (for a failure's message). */
  text(): string;
}

export function outputLines(stream: Readable): OutputLines {
  let text = '';
  let taken = 0;
  let ended = false;
  const waiting: Array<() => void> = [];
  const wake = (): void => {
    for (const check of waiting.splice(0)) check();
  };
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    wake();
  });
  stream.on('end', () => {
    ended = true;
    wake();
  });
  return {
    next(pattern) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          const lines = text.split('\n');
          // The last piece is a line still being written.
          for (let i = taken; i < lines.length - 1; i++) {
            const match = pattern.exec(lines[i]!);
            if (match) {
              taken = i + 1;
              resolve(match);
              return;
            }
          }
          if (ended) reject(new Error(`the output ended without a line matching ${pattern}:\n${text}`));
          else waiting.push(check);
        };
        check();
      });
    },
    text: () => text,
  };
}
