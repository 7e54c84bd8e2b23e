/** Text cut to a number of o200k tokens (src/main/text/token-budget.ts), as fetch's maxTokens and the MCP cap use it. */
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { tokenCounter } from '../../src/main/text/token-budget';

const count = (text: string): number => encode(text, { disallowedSpecial: new Set() }).length;

describe('tokenCounter', () => {
  it('cuts to at most the budget, at a word boundary near the end', async () => {
    const counter = await tokenCounter();
    const text = Array.from({ length: 400 }, (_, i) => `word${i} and some more text.`).join(' ');
    for (const budget of [10, 57, 300]) {
      const end = counter.cut(text, budget);
      expect(count(text.slice(0, end))).toBeLessThanOrEqual(budget);
      expect(count(text.slice(0, end))).toBeGreaterThan(budget * 0.7);
      expect(text[end - 1]).toBe(' ');
    }
  });

  it('keeps the whole text when it fits', async () => {
    const counter = await tokenCounter();
    expect(counter.cut('a short text', 50)).toBe('a short text'.length);
  });

  it('never cuts inside a character', async () => {
    const counter = await tokenCounter();
    const text = '漢字🦊'.repeat(200);
    // Every budget: some cut the emoji's four bytes between two tokens.
    for (let budget = 1; budget <= 60; budget++) {
      const kept = text.slice(0, counter.cut(text, budget));
      expect(kept.isWellFormed(), `budget ${budget}`).toBe(true);
      expect(count(kept)).toBeLessThanOrEqual(budget);
    }
  });

  it("counts a page's special-token spelling as the text it is", async () => {
    const counter = await tokenCounter();
    expect(counter.count('before <|endoftext|> after')).toBe(count('before <|endoftext|> after'));
  });
});
