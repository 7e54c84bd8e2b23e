/**
 * The model's API key file (llm-key in the data dir, read by answer/llm-config.ts), written for
 * the web UI's settings screen: created 0600 through a temporary file, so it is never readable by
 * others, even briefly (llm-config refuses a key file that is).
 */
import { chmodSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { llmKeyPath } from '../answer/llm-config';

export function writeLlmKey(dataDir: string, key: string | null): boolean {
  const path = llmKeyPath(dataDir);
  if (key === null) {
    rmSync(path, { force: true });
    return false;
  }
  mkdirSync(dataDir, { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${key}\n`, { mode: 0o600, flag: 'w' });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
  return true;
}

export function hasLlmKey(dataDir: string): boolean {
  return existsSync(llmKeyPath(dataDir));
}
