/**
 * Electron's `utilityProcess` as its documentation describes it
 * (https://www.electronjs.org/docs/latest/api/utility-process), on Node's child_process: `fork`
 * starts the module in a child process of its own, with `process.parentPort` there
 * (parent-port-shim.mjs); `postMessage` sends a message by structured clone (Node's "advanced"
 * serialization); the child's messages arrive as 'message' events with the message itself;
 * `kill()` sends SIGTERM and returns whether it could; 'exit' comes once the child has ended,
 * with its exit code.
 */
import { fork as forkChild, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { UtilityChild, UtilityProcessModule } from '../../src/main/doors/electron/utility-model-host';

const SHIM = fileURLToPath(new URL('./parent-port-shim.mjs', import.meta.url));

export interface UtilityProcessDouble extends UtilityProcessModule {
  /** Every child started, in order, with the options it was given. */
  children: Array<{ process: ChildProcess; modulePath: string; serviceName?: string }>;
}

export function utilityProcessDouble(): UtilityProcessDouble {
  const children: UtilityProcessDouble['children'] = [];
  return {
    children,
    fork(modulePath, args = [], options = {}) {
      const child = forkChild(modulePath, args, {
        execArgv: ['--import', SHIM],
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push({
        process: child,
        modulePath,
        ...(options.serviceName ? { serviceName: options.serviceName } : {}),
      });
      const events = new EventEmitter();
      child.on('message', (message) => events.emit('message', message));
      child.on('exit', (code, signal) => events.emit('exit', code ?? (signal === 'SIGKILL' ? 9 : 15)));
      const utility: UtilityChild = {
        postMessage: (message) => {
          if (child.connected) child.send(message as never);
        },
        kill: () => child.kill('SIGTERM'),
        on: (event: 'message' | 'exit', listener: (value: never) => void) =>
          events.on(event, listener as (value: unknown) => void),
      };
      return utility;
    },
  };
}
