/**
 * The secret store of a data dir: the local API's bearer token (`api-token`) and the model's API
 * key (`llm-key`), each in its own file that only this user may read (0600, written through a
 * temporary file). Every runtime reads and writes these same files: the CLI, `lantern serve`,
 * `lantern mcp`'s relay and the desktop app. The OS keyring (Electron's safeStorage) is not used:
 * only the desktop app could decrypt what it encrypts, and the CLI and the relay need both
 * secrets (docs/security.md, "Secrets").
 *
 * Earlier desktop versions kept them encrypted with safeStorage (`<name>.enc`);
 * `moveEncryptedSecrets` turns those into the files at the app's start.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import type { LlmKeyState } from '../../shared/api';
import { LanternError } from '../../shared/errors';

export type SecretName = 'api-token' | 'llm-key';
const SECRET_NAMES: readonly SecretName[] = ['api-token', 'llm-key'];

export function secretPath(dataDir: string, name: SecretName): string {
  return join(dataDir, name);
}

/** Where an earlier desktop version kept the secret, encrypted with safeStorage. */
function encryptedPath(dataDir: string, name: SecretName): string {
  return join(dataDir, `${name}.enc`);
}

function statIfPresent(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The secret, trimmed; undefined when none is stored. Like ssh with a private key, a file other
 * users may read is refused rather than used (POSIX modes only; on Windows the profile's ACL
 * keeps the data dir private): FORBIDDEN, saying how to fix it.
 */
export function readSecret(dataDir: string, name: SecretName): string | undefined {
  const path = secretPath(dataDir, name);
  const stats = statIfPresent(path);
  if (stats === undefined) return undefined;
  if (process.platform !== 'win32' && (stats.mode & 0o077) !== 0) {
    const mode = (stats.mode & 0o777).toString(8).padStart(4, '0');
    throw new LanternError(
      'FORBIDDEN',
      `The secret file ${path} can be read by other users (mode ${mode}); it must be 0600: run chmod 600 "${path}".`,
    );
  }
  const value = readFileSync(path, 'utf8').trim();
  return value === '' ? undefined : value;
}

/**
 * Stores the secret (null removes it), through a temporary file created 0600 so no other user
 * can read it even briefly, renamed into place so a reader sees the old or the new value whole.
 * An earlier version's encrypted copy goes too: the person has replaced it.
 */
export function writeSecret(dataDir: string, name: SecretName, value: string | null): void {
  const path = secretPath(dataDir, name);
  rmSync(encryptedPath(dataDir, name), { force: true });
  if (value === null) {
    rmSync(path, { force: true });
    return;
  }
  mkdirSync(dataDir, { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${value}\n`, { mode: 0o600, flag: 'w' });
  chmodSync(temporary, 0o600); // the umask cannot widen it, but a stricter one is fine either way
  renameSync(temporary, path);
}

/**
 * readSecret for a caller that asks at every request (the API's token): the file is read again
 * only when it was replaced (a write renames a new file into place), so a request costs a stat.
 */
export function secretReader(dataDir: string, name: SecretName): () => string | undefined {
  let seen: { key: string; value: string | undefined } | undefined;
  return () => {
    const stats = statIfPresent(secretPath(dataDir, name));
    if (stats === undefined) return undefined;
    const key = `${stats.ino}:${stats.mtimeMs}:${stats.size}:${stats.mode}`;
    if (seen?.key !== key) seen = { key, value: readSecret(dataDir, name) };
    return seen.value;
  };
}

/**
 * The LLM key's state for a person's settings screen (never the key itself). `where` words the
 * problem of a key still encrypted by an earlier desktop version: the app has tried to decrypt
 * it; any other runtime cannot, and points to the app.
 */
export function llmKeyState(dataDir: string, where: 'desktop app' | 'elsewhere' = 'elsewhere'): LlmKeyState {
  const hasKey = readSecret(dataDir, 'llm-key') !== undefined;
  return waitingEncrypted(dataDir, 'llm-key')
    ? { hasKey, problem: where === 'desktop app' ? UNDECRYPTED_LLM_KEY : ENCRYPTED_LLM_KEY }
    : { hasKey };
}

/** Stores the LLM key (null removes it), as a person's settings screen does; its state after. */
export function storeLlmKey(
  dataDir: string,
  key: string | null,
  where: 'desktop app' | 'elsewhere' = 'elsewhere',
): LlmKeyState {
  writeSecret(dataDir, 'llm-key', key);
  return llmKeyState(dataDir, where);
}

const ENCRYPTED_LLM_KEY =
  'The model API key saved by an earlier version of the desktop app is still encrypted (llm-key.enc), which only the desktop app can read: start it once to move the key here, or save the key again (or remove it).';
const UNDECRYPTED_LLM_KEY =
  'The model API key saved by an earlier version of the desktop app is still encrypted (llm-key.enc): the app could not decrypt it, because the OS keyring that encrypted it has changed or is locked. Save the key again (or remove it).';

/** An encrypted copy that is newer than the file, so still to be moved (or failing to be). */
function waitingEncrypted(dataDir: string, name: SecretName): boolean {
  const encrypted = statIfPresent(encryptedPath(dataDir, name));
  if (encrypted === undefined) return false;
  const plain = statIfPresent(secretPath(dataDir, name));
  return plain === undefined || plain.mtimeMs < encrypted.mtimeMs;
}

/** What moveEncryptedSecrets needs of Electron's safeStorage. */
export interface Decryptor {
  isEncryptionAvailable(): boolean;
  /** Throws when it cannot decrypt (another keyring's key, a damaged file), as Electron's does. */
  decryptString(encrypted: Buffer): string;
}

/**
 * The desktop app's step at start (after app ready: safeStorage needs it): each secret an earlier
 * version kept encrypted becomes the file every runtime reads. Whichever copy was written last
 * wins: a file written after the encrypted one (by the CLI, `lantern serve` or its web UI) is
 * kept and the encrypted copy dropped unread. One that cannot be decrypted (the keyring changed
 * or is locked) is left in place and tried again at the next start, so no key is lost: the LLM
 * key's settings section says so (llmKeyState) until the person saves or removes the key; the
 * API token, which Lantern makes and any agent can be given anew, is replaced by a new one.
 * Returns what to tell in the app's log.
 */
export function moveEncryptedSecrets(dataDir: string, safeStorage: Decryptor): string[] {
  const told: string[] = [];
  for (const name of SECRET_NAMES) {
    const path = encryptedPath(dataDir, name);
    if (statIfPresent(path) === undefined) continue;
    if (!waitingEncrypted(dataDir, name)) {
      rmSync(path, { force: true });
      continue;
    }
    let value: string;
    try {
      if (!safeStorage.isEncryptionAvailable()) throw new Error('the OS keyring is not available');
      value = safeStorage.decryptString(readFileSync(path));
    } catch (error) {
      if (name === 'api-token') {
        rmSync(path, { force: true });
        told.push(
          `The API token saved encrypted by an earlier version could not be decrypted (${(error as Error).message}); a new token is made: give agents that use the local API the new one (Settings, or \`lantern token\`).`,
        );
      } else {
        told.push(`${UNDECRYPTED_LLM_KEY} (${(error as Error).message})`);
      }
      continue;
    }
    writeSecret(dataDir, name, value);
  }
  return told;
}
