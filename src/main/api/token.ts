/**
 * The local API's bearer token: 32 random bytes as base64url, in a 0600 file in the data dir.
 * Created once; `lantern token --rotate` replaces it, and a running server notices the new file at
 * the next request, so the old token stops working at once.
 */
import { randomBytes, createHash, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function tokenPath(dataDir: string): string {
  return join(dataDir, 'api-token');
}

/** A fresh token: 32 random bytes as base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Writes through a temporary file created 0600, so the token is never readable by others, even briefly. */
function writeToken(dataDir: string, token: string): void {
  mkdirSync(dataDir, { recursive: true });
  const temporary = `${tokenPath(dataDir)}.${process.pid}.tmp`;
  writeFileSync(temporary, `${token}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(temporary, 0o600); // the umask cannot widen it, but a stricter one is fine either way
  renameSync(temporary, tokenPath(dataDir));
}

/** The current token, or undefined when there is none yet. */
export function readToken(dataDir: string): string | undefined {
  try {
    const token = readFileSync(tokenPath(dataDir), 'utf8').trim();
    return token === '' ? undefined : token;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The token in force, for a server to ask at every request: read again only when the file was
 * replaced (a rotation renames a new file into place), so a request costs a stat, not a read.
 */
export function tokenReader(dataDir: string): () => string | undefined {
  let seen: { key: string; token: string | undefined } | undefined;
  return () => {
    let key: string;
    try {
      const { ino, mtimeMs, size } = statSync(tokenPath(dataDir));
      key = `${ino}:${mtimeMs}:${size}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    if (seen?.key !== key) seen = { key, token: readToken(dataDir) };
    return seen.token;
  };
}

export function ensureToken(dataDir: string): string {
  const existing = readToken(dataDir);
  if (existing !== undefined) {
    chmodSync(tokenPath(dataDir), 0o600);
    return existing;
  }
  const token = newToken();
  writeToken(dataDir, token);
  return token;
}

export function rotateToken(dataDir: string): string {
  const token = newToken();
  writeToken(dataDir, token);
  return token;
}

/**
 * Constant-time comparison. Both sides are hashed first so their lengths are equal and the time
 * taken says nothing about how long the expected token is.
 */
export function tokensMatch(presented: string, expected: string): boolean {
  // Stryker disable next-line StringLiteral: equivalent, update() reads a string as UTF-8 when no encoding is named.
  const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(expected));
}
