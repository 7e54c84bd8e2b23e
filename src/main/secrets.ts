/**
 * Secrets of the desktop app (the LLM key, the local API's token) kept apart from settings.
 * Where the OS offers encryption bound to the user's login (Electron's safeStorage: Keychain,
 * DPAPI, libsecret/kwallet) the value is stored encrypted; elsewhere in a 0600 file, the same
 * file the headless CLI uses. `protection` says which, so settings can tell the person.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type SecretName = 'llm-key' | 'api-token';

/** Electron's safeStorage, or anything with the same three calls. */
export interface Encryptor {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

export interface SecretStore {
  /** 'os': encrypted with the OS's user-bound key; 'file': a file only this user can read. */
  readonly protection: 'os' | 'file';
  get(name: SecretName): string | undefined;
  set(name: SecretName, value: string): void;
  delete(name: SecretName): void;
}

/** Written through a temporary file created 0600, so no other user can read it even briefly. */
function writePrivate(path: string, data: string | Buffer): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, data, { mode: 0o600, flag: 'w' });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}

function readIfPresent(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Plain 0600 files named as the CLI names them (llm-key, api-token). */
export function fileSecretStore(dataDir: string): SecretStore {
  const path = (name: SecretName): string => join(dataDir, name);
  return {
    protection: 'file',
    get(name) {
      const value = readIfPresent(path(name))?.toString('utf8').trim();
      return value ? value : undefined;
    },
    set(name, value) {
      mkdirSync(dataDir, { recursive: true });
      writePrivate(path(name), `${value}\n`);
    },
    delete(name) {
      rmSync(path(name), { force: true });
    },
  };
}

/**
 * Encrypted files (`<name>.enc`, also 0600). A plain file left from before (or from the CLI) is
 * taken over on first read: stored encrypted, then removed, so the secret is on disk only once.
 */
export function encryptedSecretStore(dataDir: string, encryptor: Encryptor): SecretStore {
  const plain = fileSecretStore(dataDir);
  const path = (name: SecretName): string => join(dataDir, `${name}.enc`);
  const store: SecretStore = {
    protection: 'os',
    get(name) {
      const encrypted = readIfPresent(path(name));
      if (encrypted !== undefined) return encryptor.decryptString(encrypted);
      const legacy = plain.get(name);
      if (legacy !== undefined) {
        store.set(name, legacy);
        plain.delete(name);
      }
      return legacy;
    },
    set(name, value) {
      mkdirSync(dataDir, { recursive: true });
      writePrivate(path(name), encryptor.encryptString(value));
    },
    delete(name) {
      rmSync(path(name), { force: true });
      plain.delete(name);
    },
  };
  return store;
}

/** Encrypted where the OS can (after app ready: safeStorage needs it), else the 0600 files. */
export function secretStoreFor(dataDir: string, encryptor: Encryptor): SecretStore {
  return encryptor.isEncryptionAvailable() ? encryptedSecretStore(dataDir, encryptor) : fileSecretStore(dataDir);
}

/**
 * The local API's token in a secret store: made on first use, replaced by `rotate`. Kept in
 * memory between calls (the server asks at every request); a rotation applies at once.
 */
export function storedApiToken(store: SecretStore, newToken: () => string): { current(): string; rotate(): string } {
  let token: string | undefined;
  return {
    current() {
      token ??= store.get('api-token');
      if (token === undefined) {
        token = newToken();
        store.set('api-token', token);
      }
      return token;
    },
    rotate() {
      token = newToken();
      store.set('api-token', token);
      return token;
    },
  };
}

/** The secrets door of the desktop UI: how secrets are kept, and setting or removing the LLM key. */
export function secretsDoor(store: SecretStore): { status(): { protection: 'os' | 'file'; llmKeyStored: boolean }; setLlmKey(key: string | null): { protection: 'os' | 'file'; llmKeyStored: boolean } } {
  const status = (): { protection: 'os' | 'file'; llmKeyStored: boolean } => ({ protection: store.protection, llmKeyStored: store.get('llm-key') !== undefined });
  return {
    status,
    setLlmKey(key) {
      if (key === null) store.delete('llm-key');
      else store.set('llm-key', key);
      return status();
    },
  };
}
