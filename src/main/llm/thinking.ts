/**
 * A reasoning model's thinking, left in the text by some OpenAI-compatible servers: Qwen3, QwQ
 * and DeepSeek-R1 write it between <think> and </think> before their answer, and a server that
 * does not split it into a field of its own (`reasoning_content`) sends it as content. It is the
 * model's draft, not its answer: never shown as the answer, never read as its verdicts.
 */

const OPEN = '<think>';
const CLOSE = '</think>';

/** The text without its thinking; a text cut off inside it ends where the thinking began. */
export function withoutThinking(text: string): string {
  if (!text.includes(OPEN)) return text;
  const closed = text.replace(/<think>[\s\S]*?<\/think>\s*/gu, '');
  const open = closed.indexOf(OPEN);
  return open === -1 ? closed : closed.slice(0, open);
}

/** How much of the end of `text` could be the start of `tag` (held back until the next piece tells). */
function partialTagAtEnd(text: string, tag: string): number {
  for (let length = Math.min(tag.length - 1, text.length); length > 0; length--)
    if (text.endsWith(tag.slice(0, length))) return length;
  return 0;
}

/**
 * The same for a stream: each piece of text in, the part of it that is answer out, a tag split
 * across pieces held back until it is whole. What it lets through, joined, is `withoutThinking`
 * of the whole text.
 */
export class ThinkingFilter {
  private inside = false;
  private held = '';
  /** Just after the thinking: the blank lines before the answer go with it. */
  private trimming = false;

  feed(piece: string): string {
    let text = this.held + piece;
    this.held = '';
    let out = '';
    for (;;) {
      if (this.trimming) {
        text = text.replace(/^\s+/u, '');
        this.trimming = text === '';
      }
      const tag = this.inside ? CLOSE : OPEN;
      const at = text.indexOf(tag);
      if (at === -1) {
        const partial = partialTagAtEnd(text, tag);
        this.held = text.slice(text.length - partial);
        if (!this.inside) out += text.slice(0, text.length - partial);
        return out;
      }
      if (!this.inside) out += text.slice(0, at);
      text = text.slice(at + tag.length);
      this.trimming = this.inside;
      this.inside = !this.inside;
    }
  }

  /** What was held back at the end of the stream: a tag's start that never became one is text. */
  end(): string {
    const rest = this.inside ? '' : this.held;
    this.held = '';
    return rest;
  }
}
