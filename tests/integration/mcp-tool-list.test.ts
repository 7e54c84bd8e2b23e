/**
 * What tools/list costs an agent: it pays for the list in every conversation, before its first
 * call. Counted in o200k tokens (GPT-4o's encoding) over the real server's answer, as
 * bench/tokens/run.ts prints it. Output schemas are only for clients whose person turned on
 * mcp.structuredContent.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { listedTools } from '../support/mcp-tool-list';

describe('tools/list', () => {
  it('costs at most 900 o200k tokens with the default settings: no output schemas', async () => {
    const { tools, json } = await listedTools();
    expect(tools.map((tool) => tool.name)).toEqual(['web_search', 'web_fetch', 'research']);
    expect(tools.filter((tool) => tool.outputSchema !== undefined)).toEqual([]);
    expect(encode(json).length).toBeLessThanOrEqual(900);
  });

  it('names library_search once the library holds a document, and stays within 1,050 tokens with it', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'lantern-tools-library-'));
    try {
      writeFileSync(join(folder, 'notes.md'), '# Notes\n\nA line to find.');
      const { tools, json } = await listedTools({}, undefined, (runtime) => runtime.library.add({ paths: [folder] }));
      expect(tools.map((tool) => tool.name)).toEqual(['web_search', 'web_fetch', 'research', 'library_search']);
      expect(encode(json).length).toBeLessThanOrEqual(1050);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("declares each tool's output schema when mcp.structuredContent is on", async () => {
    const { tools } = await listedTools({ mcp: { structuredContent: true } });
    const outputs = Object.fromEntries(
      tools.map((tool) => [tool.name, Object.keys(tool.outputSchema?.properties ?? {})]),
    );
    expect(outputs.web_search).toEqual(['searches', 'failures']);
    expect(outputs.web_fetch).toEqual(['pages', 'failures']);
    expect(outputs.research).toEqual(
      expect.arrayContaining(['question', 'answer', 'answered', 'sources', 'sentences']),
    );
  });
});
