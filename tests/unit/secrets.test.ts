/**
 * The desktop app's secrets on real files in a temporary data dir: encrypted where the OS can
 * (safeStorage, replaced here by a reversible double that marks what it encrypted), else 0600
 * files where the CLI looks for them.
 */
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { llmKeyPath, resolveLlmConfig } from '../../src/main/answer/llm-config';
import { newToken, tokenPath } from '../../src/main/api/token';
import { secretStoreFor, secretsDoor, storedApiToken, type Encryptor } from '../../src/main/secrets';
import { SettingsSchema } from '../../src/shared/settings-contract';

/** Stands in for safeStorage: reversible, and the bytes on disk never hold the plain text. */
const safeStorageDouble = (available = true): Encryptor => ({
  isEncryptionAvailable: () => available,
  encryptString: (plain) => Buffer.from(`enc:${Buffer.from(plain, 'utf8').reverse().toString('base64')}`),
  decryptString: (data) => {
    const text = data.toString('utf8');
    if (!text.startsWith('enc:')) throw new Error('not ours');
    return Buffer.from(text.slice(4), 'base64').reverse().toString('utf8');
  },
});

const dataDir = (): string => mkdtempSync(join(tmpdir(), 'lantern-secrets-'));
const mode = (path: string): number => statSync(path).mode & 0o777;

describe('the secret store', () => {
  it('keeps secrets encrypted and private where the OS can encrypt', () => {
    const dir = dataDir();
    const store = secretStoreFor(dir, safeStorageDouble());
    store.set('llm-key', 'sk-secret-123');
    expect(store.protection).toBe('os');
    expect(store.get('llm-key')).toBe('sk-secret-123');
    const onDisk = readFileSync(join(dir, 'llm-key.enc'), 'utf8');
    expect(onDisk).not.toContain('sk-secret-123');
    if (process.platform !== 'win32') expect(mode(join(dir, 'llm-key.enc'))).toBe(0o600);
    expect(existsSync(llmKeyPath(dir))).toBe(false);
  });

  it('takes over a plain key file left by the CLI, so the secret is on disk once, encrypted', () => {
    const dir = dataDir();
    writeFileSync(llmKeyPath(dir), 'sk-from-cli\n', { mode: 0o600 });
    const store = secretStoreFor(dir, safeStorageDouble());
    expect(store.get('llm-key')).toBe('sk-from-cli');
    expect(existsSync(llmKeyPath(dir))).toBe(false);
    expect(readFileSync(join(dir, 'llm-key.enc'), 'utf8')).not.toContain('sk-from-cli');
    expect(secretStoreFor(dir, safeStorageDouble()).get('llm-key')).toBe('sk-from-cli');
  });

  it('falls back to 0600 files where the CLI reads them when the OS cannot encrypt, and says so', () => {
    const dir = dataDir();
    const store = secretStoreFor(dir, safeStorageDouble(false));
    const door = secretsDoor(store);
    expect(door.setLlmKey('sk-plain')).toEqual({ protection: 'file', llmKeyStored: true });
    expect(readFileSync(llmKeyPath(dir), 'utf8').trim()).toBe('sk-plain');
    if (process.platform !== 'win32') expect(mode(llmKeyPath(dir))).toBe(0o600);
    expect(door.setLlmKey(null)).toEqual({ protection: 'file', llmKeyStored: false });
    expect(existsSync(llmKeyPath(dir))).toBe(false);
  });

  it("gives the LLM the stored key instead of the llm-key file's", () => {
    const dir = dataDir();
    const settings = SettingsSchema.parse({ llm: { model: 'gpt-4o-mini' } });
    const config = resolveLlmConfig({ settings, env: {}, dataDir: dir, storedKey: () => 'sk-stored' });
    expect(config?.apiKey).toBe('sk-stored');
  });
});

describe('the API token in the secret store', () => {
  it('is made once, kept across restarts, and replaced by a rotation', () => {
    const dir = dataDir();
    const first = storedApiToken(secretStoreFor(dir, safeStorageDouble()), newToken);
    const token = first.current();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.current()).toBe(token);
    expect(storedApiToken(secretStoreFor(dir, safeStorageDouble()), newToken).current()).toBe(token);
    const rotated = first.rotate();
    expect(rotated).not.toBe(token);
    expect(storedApiToken(secretStoreFor(dir, safeStorageDouble()), newToken).current()).toBe(rotated);
    expect(existsSync(tokenPath(dir))).toBe(false);
  });

  it('is the CLI\'s token file where the OS cannot encrypt', () => {
    const dir = dataDir();
    const token = storedApiToken(secretStoreFor(dir, safeStorageDouble(false)), newToken).current();
    expect(readFileSync(tokenPath(dir), 'utf8').trim()).toBe(token);
  });
});
