import { execFileSync } from 'node:child_process';

/** PIDs of Chromium processes started with this profile dir (to prove none is left behind). */
export function chromiumProcessesFor(userDataDir: string): number[] {
  let output = '';
  try {
    output = execFileSync('pgrep', ['-f', '--', `--user-data-dir=${userDataDir}`], { encoding: 'utf8' });
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
  return output
    .split('\n')
    .filter(Boolean)
    .map(Number)
    .filter((pid) => pid !== process.pid);
}
