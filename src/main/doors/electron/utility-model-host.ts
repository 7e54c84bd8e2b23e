/**
 * The built-in model runtime in Electron's utility process (a child process Chromium starts with
 * Node in it), so a crash inside llama.cpp ends that process and not the app's main process. The
 * worker file is the same as under Node (models/local-runtime-worker.ts reads its messages from
 * `process.parentPort` there). What this relies on, from Electron's documentation
 * (https://www.electronjs.org/docs/latest/api/utility-process):
 * - `utilityProcess.fork(modulePath, args, options)` starts it, from the main process once the
 *   app is ready; `options.serviceName` names it in the task manager;
 * - `child.postMessage(message)` sends a message (structured clone), which the child reads as
 *   the `data` of a 'message' event on `process.parentPort`; the child's
 *   `process.parentPort.postMessage` arrives as a 'message' event on `child`, with the message
 *   itself as its argument;
 * - `child.kill()` ends it (SIGTERM on POSIX) and returns whether it could; 'exit' is emitted
 *   with the exit code once it has ended, asked or not.
 * Electron's module is a parameter, so tests pass a double that behaves so.
 */
import type { RuntimeReply } from '../../models/runtime-protocol';
import type { StartRuntimeHost } from '../../models/local-runtime';

/** The part of Electron's UtilityProcess used here. */
export interface UtilityChild {
  postMessage(message: unknown): void;
  kill(): boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
}

export interface UtilityProcessModule {
  fork(modulePath: string, args?: string[], options?: { serviceName?: string }): UtilityChild;
}

export function utilityModelHost(utilityProcess: UtilityProcessModule, modulePath: string): StartRuntimeHost {
  return ({ onReply, onGone }) => {
    const child = utilityProcess.fork(modulePath, [], { serviceName: 'Lantern model runtime' });
    const exited = new Promise<void>((resolve) =>
      child.on('exit', (code) => {
        onGone(`the model's process ended (exit code ${code}).`);
        resolve();
      }),
    );
    child.on('message', (message) => onReply(message as RuntimeReply));
    return {
      post: (request) => child.postMessage(request),
      // A utility process does not keep the main process alive, nor is it kept by it: nothing to hold.
      hold: () => undefined,
      stop: async () => {
        if (child.kill()) await exited;
      },
    };
  };
}
