import { describe, expect, it } from 'vitest';
import { LanternError } from '../../src/shared/errors';
import { parseSearchRequest } from '../../src/main/search/search-service';

function codeOf(input: unknown): string {
  try {
    parseSearchRequest(input);
  } catch (error) {
    return error instanceof LanternError ? error.code : 'not a LanternError';
  }
  return 'accepted';
}

describe('parseSearchRequest', () => {
  it('applies the defaults: 10 results, page 1', () => {
    expect(parseSearchRequest({ query: 'coffee' })).toMatchObject({ query: 'coffee', limit: 10, page: 1 });
  });

  it('refuses empty, whitespace-only and control-character-only queries', () => {
    for (const query of ['', '   ', '\t\n', '\u0000\u0007']) expect(codeOf({ query })).toBe('INVALID_INPUT');
  });

  it('refuses queries over 2,048 characters, naming the limit', () => {
    expect(() => parseSearchRequest({ query: 'a'.repeat(10_000) })).toThrow(/2048/);
  });

  it('refuses wrong types, missing fields, unknown engines and bad ranges with the field named', () => {
    expect(codeOf({})).toBe('INVALID_INPUT');
    expect(codeOf({ query: 42 })).toBe('INVALID_INPUT');
    expect(codeOf({ query: 'x', engine: 'altavista' })).toBe('INVALID_INPUT');
    expect(codeOf({ query: 'x', limit: 0 })).toBe('INVALID_INPUT');
    expect(codeOf({ query: 'x', limit: 1.5 })).toBe('INVALID_INPUT');
    expect(codeOf({ query: 'x', timeRange: 'century' })).toBe('INVALID_INPUT');
    expect(codeOf({ query: 'x', region: 'usa' })).toBe('INVALID_INPUT');
    expect(() => parseSearchRequest({ query: 'x', limit: 500 })).toThrow(/limit/);
  });

  it('refuses invalid Unicode (a lone surrogate)', () => {
    expect(codeOf({ query: 'abc\uD800def' })).toBe('INVALID_INPUT');
  });

  it('turns control characters into spaces and collapses whitespace', () => {
    expect(parseSearchRequest({ query: ' coffee\u0000\u0001beans\n\nroast ' }).query).toBe('coffee beans roast');
  });

  it('keeps every script as is', () => {
    for (const query of ['餐具英语', 'قهوة عربية', '☕ coffee 🇧🇷'])
      expect(parseSearchRequest({ query }).query).toBe(query);
  });
});
