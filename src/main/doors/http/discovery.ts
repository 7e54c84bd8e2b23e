/**
 * The discovery file: how an agent on this machine finds a running `lantern serve` (the port may
 * not be the one asked for). It holds no secret; the token has its own 0600 file.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Discovery {
  port: number;
  pid: number;
  url: string;
  startedAt: string;
}

export function discoveryPath(dataDir: string): string {
  return join(dataDir, 'server.json');
}

export function writeDiscovery(dataDir: string, discovery: Discovery): void {
  const temporary = `${discoveryPath(dataDir)}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(discovery, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, discoveryPath(dataDir));
}

/** Removes the file only if it is this process's: a second server may have written its own since. */
export function removeDiscovery(dataDir: string, pid: number = process.pid): void {
  try {
    const current = JSON.parse(readFileSync(discoveryPath(dataDir), 'utf8')) as Partial<Discovery>;
    if (current.pid !== pid) return;
  } catch {
    return;
  }
  rmSync(discoveryPath(dataDir), { force: true });
}

/** The discovery file, when there is one with a port and a pid (it may be stale: check the pid). */
export function readDiscovery(dataDir: string): Discovery | undefined {
  try {
    const value = JSON.parse(readFileSync(discoveryPath(dataDir), 'utf8')) as Partial<Discovery>;
    const valid =
      Number.isInteger(value.port) &&
      Number.isInteger(value.pid) &&
      typeof value.url === 'string' &&
      typeof value.startedAt === 'string';
    return valid ? (value as Discovery) : undefined;
  } catch {
    return undefined;
  }
}
