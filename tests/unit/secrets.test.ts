/**
 * The one secret store of a data dir on real files: what the desktop app stores, the CLI, the
 * server and the relay read (0600 files), whatever Electron's safeStorage offers; and the move
 * of what earlier desktop versions kept encrypted (`<name>.enc`), with safeStorage's double
 * (tests/support/electron-double.ts) standing in for Electron's.
 */
import { existsSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveLlmConfig } from '../../src/main/llm/llm-config';
import { AccessService } from '../../src/main/settings/access-service';
import { writeDiscovery } from '../../src/main/doors/http/discovery';
import { ensureToken, readToken, rotateToken, tokenFile } from '../../src/main/settings/api-token';
import { findRunningServer } from '../../src/main/doors/mcp-relay/relay';
import {
  llmKeyState,
  moveEncryptedSecrets,
  readSecret,
  secretPath,
  secretReader,
  writeSecret,
} from '../../src/main/settings/secrets';
import { SettingsSchema } from '../../src/shared/settings-contract';
import { SafeStorageDouble } from '../support/electron-double';
import { errorOf } from '../support/error-of';

const dataDir = (): string => mkdtempSync(join(tmpdir(), 'lantern-secrets-'));
const mode = (path: string): number => statSync(path).mode & 0o777;
const enc = (dir: string, name: string): string => join(dir, `${name}.enc`);
/** The key the CLI's `lantern ask` would send to the model. */
const cliKey = (dir: string): string | undefined =>
  resolveLlmConfig({ settings: SettingsSchema.parse({ llm: { model: 'gpt-4o-mini' } }), env: {}, dataDir: dir })
    ?.apiKey;

/** The desktop app's AccessService (its settings screen's LLM key, over IPC). */
const desktopAccess = (dir: string): AccessService => new AccessService(dir, 'desktop app');

/** What an earlier desktop version left: the secret encrypted by safeStorage, no plain file. */
function earlierApp(dir: string, safeStorage: SafeStorageDouble, secrets: Record<string, string>): void {
  for (const [name, value] of Object.entries(secrets))
    writeFileSync(enc(dir, name), safeStorage.encryptString(value), { mode: 0o600 });
}

/** Sets a file's modification time `seconds` from now, to order writes without waiting. */
const touch = (path: string, seconds: number): void =>
  utimesSync(path, new Date(Date.now() + seconds * 1000), new Date(Date.now() + seconds * 1000));

describe('one secret store for every runtime', () => {
  it('keeps each secret in a 0600 file that every runtime reads: what the app sets, the CLI uses', async () => {
    const dir = dataDir();
    // The desktop app's settings screen (IPC, AccessService) stores the key …
    expect(await desktopAccess(dir).setLlmKey({ key: 'sk-set-in-the-app' })).toEqual({ hasKey: true });
    // … and `lantern ask` (resolveLlmConfig, no Electron) sends it.
    expect(cliKey(dir)).toBe('sk-set-in-the-app');
    expect(readFileSync(secretPath(dir, 'llm-key'), 'utf8').trim()).toBe('sk-set-in-the-app');
    if (process.platform !== 'win32') expect(mode(secretPath(dir, 'llm-key'))).toBe(0o600);
    expect(await desktopAccess(dir).setLlmKey({ key: null })).toEqual({ hasKey: false });
    expect(existsSync(secretPath(dir, 'llm-key'))).toBe(false);
  });

  it('serves one API token: the one the app hands its UI is the one the server checks and the relay reads', () => {
    const dir = dataDir();
    const server = tokenFile(dir);
    const shown = ensureToken(dir); // the app's token:get
    expect(shown).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(server.current()).toBe(shown);
    expect(readToken(dir)).toBe(shown); // what `lantern mcp` sends
    const rotated = rotateToken(dir); // `lantern token --rotate`, or the app's Rotate
    expect(server.current()).toBe(rotated);
    if (process.platform !== 'win32') expect(mode(secretPath(dir, 'api-token'))).toBe(0o600);
  });

  it('reads a secret file again only once it was replaced', () => {
    const dir = dataDir();
    writeSecret(dir, 'api-token', 'first');
    const read = secretReader(dir, 'api-token');
    expect(read()).toBe('first');
    writeSecret(dir, 'api-token', 'second');
    expect(read()).toBe('second');
  });

  it.skipIf(process.platform === 'win32')(
    'refuses a secret file other users can read, saying how to fix it',
    async () => {
      const dir = dataDir();
      writeFileSync(secretPath(dir, 'api-token'), 'tok\n', { mode: 0o644 });
      const error = await errorOf((async () => readSecret(dir, 'api-token'))());
      expect(error.code).toBe('FORBIDDEN');
      expect(error.message).toContain('mode 0644');
      expect(error.message).toContain('chmod 600');
      // `lantern mcp` then says why it runs on its own instead of relaying to the server.
      writeDiscovery(dir, {
        port: 9,
        pid: process.pid,
        url: 'http://127.0.0.1:9',
        startedAt: new Date().toISOString(),
      });
      expect(await findRunningServer(dir)).toEqual({ reason: expect.stringContaining('chmod 600') });
    },
  );

  it.each(['basic_text', 'gnome_libsecret'] as const)(
    "says the secrets are 0600 files, not OS protection, with safeStorage's %s backend",
    async (backend) => {
      const dir = dataDir();
      const safeStorage = new SafeStorageDouble(backend);
      // basic_text encrypts with a hard-coded password, yet says encryption is available.
      expect(safeStorage.isEncryptionAvailable()).toBe(true);
      expect(safeStorage.getSelectedStorageBackend()).toBe(backend);
      expect(moveEncryptedSecrets(dir, safeStorage)).toEqual([]);
      expect(await desktopAccess(dir).setLlmKey({ key: 'sk-1' })).toEqual({ hasKey: true });
      expect(existsSync(enc(dir, 'llm-key'))).toBe(false);
      expect(cliKey(dir)).toBe('sk-1');
    },
  );
});

describe("moving an earlier desktop version's encrypted secrets", () => {
  it('moves both into the files, so the CLI and the relay read them, and drops the encrypted copies', () => {
    const dir = dataDir();
    const safeStorage = new SafeStorageDouble();
    earlierApp(dir, safeStorage, { 'llm-key': 'sk-kept-by-the-app', 'api-token': 'token-agents-have' });
    // Before the app starts again, the CLI cannot read them; the web UI's settings say what to do.
    expect(cliKey(dir)).toBeUndefined();
    expect(llmKeyState(dir).problem).toMatch(
      /still encrypted \(llm-key\.enc\), which only the desktop app can read: start it once/,
    );
    expect(moveEncryptedSecrets(dir, safeStorage)).toEqual([]);
    expect(cliKey(dir)).toBe('sk-kept-by-the-app');
    expect(readToken(dir)).toBe('token-agents-have');
    expect(llmKeyState(dir)).toEqual({ hasKey: true });
    expect(existsSync(enc(dir, 'llm-key'))).toBe(false);
    expect(existsSync(enc(dir, 'api-token'))).toBe(false);
  });

  it('keeps whichever copy was written last: a file written after the encrypted one, or the encrypted one written after', () => {
    const dir = dataDir();
    const safeStorage = new SafeStorageDouble();
    earlierApp(dir, safeStorage, { 'llm-key': 'sk-old-in-the-app', 'api-token': 'token-newer-in-the-app' });
    // `lantern serve`'s web UI stored a new key after the app had encrypted its copy …
    writeSecret(dir, 'llm-key', 'sk-newer-from-the-web-ui');
    touch(secretPath(dir, 'llm-key'), 60);
    // … while the app's token was made after an old token file the CLI wrote.
    writeFileSync(secretPath(dir, 'api-token'), 'token-older-from-the-cli\n', { mode: 0o600 });
    touch(secretPath(dir, 'api-token'), -60);
    moveEncryptedSecrets(dir, safeStorage);
    expect(cliKey(dir)).toBe('sk-newer-from-the-web-ui');
    expect(readToken(dir)).toBe('token-newer-in-the-app');
    expect(existsSync(enc(dir, 'llm-key'))).toBe(false);
    expect(existsSync(enc(dir, 'api-token'))).toBe(false);
  });

  it('leaves the plain files of an earlier version that could not encrypt as they are', () => {
    const dir = dataDir();
    writeSecret(dir, 'llm-key', 'sk-plain');
    writeSecret(dir, 'api-token', 'token-plain');
    expect(moveEncryptedSecrets(dir, new SafeStorageDouble())).toEqual([]);
    expect(cliKey(dir)).toBe('sk-plain');
    expect(readToken(dir)).toBe('token-plain');
  });

  it('a key that no longer decrypts (the keyring changed) is a clear error on the settings screen, never a failing request', async () => {
    const dir = dataDir();
    const safeStorage = new SafeStorageDouble();
    earlierApp(dir, safeStorage, { 'llm-key': 'sk-lost-key', 'api-token': 'token-lost' });
    safeStorage.replaceKeyring();
    expect(() => safeStorage.decryptString(readFileSync(enc(dir, 'llm-key')))).toThrow(
      'Error while decrypting the ciphertext provided to safeStorage.decryptString.',
    );

    const told = moveEncryptedSecrets(dir, safeStorage);
    expect(told).toHaveLength(2);
    expect(told.join('\n')).toMatch(/API token .* could not be decrypted .* a new token is made/);
    // The API answers with a new token; the old ciphertext of a token helps nobody and is gone.
    const token = tokenFile(dir).current();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(existsSync(enc(dir, 'api-token'))).toBe(false);
    // Answers go on without a stored key; the settings screen says why and what to do.
    expect(cliKey(dir)).toBeUndefined();
    const status = await desktopAccess(dir).llmKeyState();
    expect(status).toMatchObject({ hasKey: false });
    expect(status.problem).toContain(
      'could not decrypt it, because the OS keyring that encrypted it has changed or is locked. Save the key again',
    );
    // The ciphertext stays for the next start (a locked keyring may be open then); saving a key ends it.
    expect(existsSync(enc(dir, 'llm-key'))).toBe(true);
    expect(await desktopAccess(dir).setLlmKey({ key: 'sk-entered-again' })).toEqual({ hasKey: true });
    expect(existsSync(enc(dir, 'llm-key'))).toBe(false);
    expect(cliKey(dir)).toBe('sk-entered-again');
  });

  it('tries a key again at the next start when the keyring was not available, and loses nothing meanwhile', () => {
    const dir = dataDir();
    const safeStorage = new SafeStorageDouble();
    earlierApp(dir, safeStorage, { 'llm-key': 'sk-waits' });
    safeStorage.ready = false; // e.g. the keyring daemon did not answer at this start
    expect(moveEncryptedSecrets(dir, safeStorage)).toHaveLength(1);
    expect(llmKeyState(dir).problem).toBeDefined();
    safeStorage.ready = true;
    expect(moveEncryptedSecrets(dir, safeStorage)).toEqual([]);
    expect(llmKeyState(dir)).toEqual({ hasKey: true });
    expect(cliKey(dir)).toBe('sk-waits');
  });
});
