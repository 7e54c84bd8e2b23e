/**
 * The local API's bearer token: 32 random bytes as base64url, kept in the data dir's secret store
 * (secrets.ts: the 0600 file `api-token`, which every runtime reads). Created once; `lantern token
 * --rotate` (or the settings screen) replaces it, and a running server notices the new file at the
 * next request, so the old token stops working at once.
 */
import { randomBytes, createHash, timingSafeEqual } from 'node:crypto';
import { readSecret, secretPath, secretReader, writeSecret } from './secrets';

export function tokenPath(dataDir: string): string {
  return secretPath(dataDir, 'api-token');
}

/** A fresh token: 32 random bytes as base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The current token, or undefined when there is none yet. */
export function readToken(dataDir: string): string | undefined {
  return readSecret(dataDir, 'api-token');
}

export function ensureToken(dataDir: string): string {
  return readToken(dataDir) ?? rotateToken(dataDir);
}

export function rotateToken(dataDir: string): string {
  const token = newToken();
  writeSecret(dataDir, 'api-token', token);
  return token;
}

/** Where a server finds the token in force: asked at each request, so a rotation applies at once. */
export interface TokenSource {
  current(): string;
  rotate(): string;
}

/** The data dir's token file as a TokenSource (a stat per request; read again when replaced). */
export function tokenFile(dataDir: string): TokenSource {
  ensureToken(dataDir);
  const read = secretReader(dataDir, 'api-token');
  return { current: () => read() ?? ensureToken(dataDir), rotate: () => rotateToken(dataDir) };
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
