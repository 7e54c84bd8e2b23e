#!/usr/bin/env node
// Runs the bundled CLI (npm run build:cli writes dist/cli.js).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
if (!existsSync(cli)) {
  process.stderr.write('lantern: the CLI is not built yet. Run `npm run build` in the Lantern folder first.\n');
  process.exit(1);
}
await import(cli);
