/**
 * Text measured in the tokens a model pays for it: o200k (GPT-4o's encoding; other models'
 * tokenizers differ a little, the order of size not). For the responses that take `maxTokens`
 * (fetch, the MCP tools' cap). The encoder loads on first use: its tables are megabytes, and most
 * commands never count a token.
 */
type Encoder = typeof import('gpt-tokenizer/encoding/o200k_base');

let encoder: Promise<Encoder> | undefined;
const load = (): Promise<Encoder> => (encoder ??= import('gpt-tokenizer/encoding/o200k_base'));

/** Page text is data: a special token's spelling in it ("<|endoftext|>") is counted as the plain text it is. */
const AS_TEXT = { disallowedSpecial: new Set<string>() };

export interface TokenCounter {
  count(text: string): number;
  /**
   * The longest prefix of `text` within `maxTokens`, as a character index: at a line or word
   * boundary when one is in the prefix's last fifth, never inside a surrogate pair.
   */
  cut(text: string, maxTokens: number): number;
}

export async function tokenCounter(): Promise<TokenCounter> {
  const { encode, decode } = await load();
  const count = (text: string): number => encode(text, AS_TEXT).length;
  return {
    count,
    cut(text, maxTokens) {
      const tokens = encode(text, AS_TEXT);
      if (tokens.length <= maxTokens) return text.length;
      // The first maxTokens tokens decode to a prefix of the text, but for half a character at
      // the end (a replacement character, dropped). Encoded alone, a prefix may take a token or
      // two more than its share of the whole: step back until it fits.
      let end = decode(tokens.slice(0, Math.max(0, maxTokens))).replace(/\uFFFD+$/, '').length;
      for (
        let over = count(text.slice(0, end)) - maxTokens;
        end > 0 && over > 0;
        over = count(text.slice(0, end)) - maxTokens
      ) {
        end = Math.max(0, end - over * 2);
      }
      const floor = Math.floor(end * 0.8);
      const newline = text.lastIndexOf('\n', end - 1);
      const space = text.lastIndexOf(' ', end - 1);
      if (newline >= floor && newline > 0) end = newline + 1;
      else if (space >= floor && space > 0) end = space + 1;
      const code = text.charCodeAt(end - 1);
      if (end > 0 && code >= 0xd800 && code <= 0xdbff) end -= 1;
      return end;
    },
  };
}
