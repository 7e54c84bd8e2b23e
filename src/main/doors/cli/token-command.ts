import type { Command } from 'commander';
import { ensureToken, rotateToken, tokenPath } from '../../settings/api-token';

/**
 * `lantern token`: prints the local API's bearer token (creating it once, in a 0600 file);
 * `--rotate` replaces it, and a running `lantern serve` refuses the old one from then on.
 */
export function registerTokenCommand(
  program: Command,
  deps: { dataDir: () => string; out: (text: string) => void },
): void {
  program
    .command('token')
    .description(`print the local API's bearer token (kept in a 0600 file in the data dir)`)
    .option('--rotate', 'replace the token; the old one stops working at once')
    .option('--path', 'print where the token file is instead of the token')
    .action((flags: { rotate?: boolean; path?: boolean }) => {
      const dataDir = deps.dataDir();
      const token = flags.rotate ? rotateToken(dataDir) : ensureToken(dataDir);
      deps.out(flags.path ? tokenPath(dataDir) : token);
    });
}
