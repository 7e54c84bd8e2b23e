/**
 * How an MCP client starts this Lantern: the node binary running now, on the package's bin
 * (bin/lantern.js) of the checkout this code lives in, both as absolute paths.
 */
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Launcher } from './mcp-clients';

/**
 * The nearest folder above this module that holds bin/lantern.js: the checkout, whether this is
 * the bundle (dist/cli.js, dist/chunks/…) or the TypeScript source (tests).
 */
export function checkoutLauncher(moduleUrl: string = import.meta.url): Launcher {
  let folder = dirname(fileURLToPath(moduleUrl));
  for (;;) {
    const script = join(folder, 'bin', 'lantern.js');
    if (existsSync(script)) return { node: process.execPath, script: realpathSync(script) };
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`bin/lantern.js was not found above ${fileURLToPath(moduleUrl)}`);
    folder = parent;
  }
}
