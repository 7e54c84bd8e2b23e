/**
 * A reasoning model's <think> block, as some OpenAI-compatible servers leave it in the content
 * (Qwen3, DeepSeek-R1): taken out of the whole text and out of a stream split anywhere.
 */
import { describe, expect, it } from 'vitest';
import { ThinkingFilter, withoutThinking } from '../../src/main/llm/thinking';

const REPLY = '<think>\nThe page says 63 mg. </thin k> is not a tag.\n</think>\n\nAbout 63 mg [1].';

/** The text fed to a filter in pieces of `size` characters, and what it let through, joined. */
function streamed(text: string, size: number): string {
  const filter = new ThinkingFilter();
  let out = '';
  for (let at = 0; at < text.length; at += size) out += filter.feed(text.slice(at, at + size));
  return out + filter.end();
}

describe('thinking left in a reply', () => {
  it('is taken out with the blank lines after it; text without it is left as it is', () => {
    expect(withoutThinking(REPLY)).toBe('About 63 mg [1].');
    expect(withoutThinking('About 63 mg [1]. a<b and c>d')).toBe('About 63 mg [1]. a<b and c>d');
    expect(withoutThinking('<think>still thinking when cut off')).toBe('');
    expect(withoutThinking('Answer first. <think>then a draft</think>And more.')).toBe('Answer first. And more.');
  });

  it('is taken out of a stream however it is split, a tag across two pieces included', () => {
    for (const size of [1, 2, 3, 5, 7, 8, 13, 100])
      expect(streamed(REPLY, size), `pieces of ${size}`).toBe(withoutThinking(REPLY));
    // A "<thi" that never becomes a tag is text, let through at the end.
    expect(streamed('Costs < 5 € and <thi', 3)).toBe('Costs < 5 € and <thi');
    expect(streamed('<think>cut off', 2)).toBe('');
  });

  it('lets the answer through as it comes: only a possible tag is held back', () => {
    const filter = new ThinkingFilter();
    expect(filter.feed('About 63 ')).toBe('About 63 ');
    expect(filter.feed('mg <')).toBe('mg ');
    expect(filter.feed('b>')).toBe('<b>');
  });
});
