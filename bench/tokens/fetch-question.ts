/**
 * What web_fetch with `question` saves against the same page read whole: over the QA set's
 * answerable questions (bench/answer/qa), each gold page served from loopback (its recorded bytes,
 * ../shared/data/extraction) and read through the real MCP server of a real runtime, as an agent's
 * MCP SDK client reads it: once whole (max_tokens and max_length past any page of the set), once
 * with the question and no cap (the tool's few passages). Counted in o200k tokens over the text
 * the tool answers with. Also: the share of questions whose gold string is in the passages
 * returned, each half of the set apart (halfOf: nothing is tuned on the check half).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { createLanternMcpServer } from '../../src/main/doors/mcp/server';
import { createNodeRuntime } from '../../src/main/app/node-runtime';
import { containsWhole } from '../answer/metrics';
import { startPageServer } from '../answer/page-server';
import { halfOf, loadQaSet, pageSlug, readPageBytes, type Half } from '../answer/qa-set';

export interface PageTokens {
  whole: number;
  question: number;
}

export interface FetchQuestionFigures {
  /** Each question's gold page: its tokens whole and with the question. */
  pages: PageTokens[];
  goldFound: Record<Half, { found: number; of: number }>;
}

const tokens = (text: string): number => encode(text, { disallowedSpecial: new Set() }).length;

export async function fetchQuestionFigures(): Promise<FetchQuestionFigures> {
  const items = loadQaSet().filter((item) => item.gold !== null && item.context === undefined);
  const dataDir = mkdtempSync(join(tmpdir(), 'lantern-bench-fetch-'));
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ version: 1, fetch: { allowPrivateNetworks: true } }));
  const pages = await startPageServer();
  const runtime = createNodeRuntime({ env: { ...process.env, LANTERN_DATA_DIR: dataDir } });
  const client = new Client({ name: 'lantern-bench', version: '0' });
  try {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createLanternMcpServer(runtime, { version: 'bench' }).connect(serverSide);
    await client.connect(clientSide);
    const text = async (args: Record<string, unknown>): Promise<string> => {
      const result = (await client.callTool({ name: 'web_fetch', arguments: args }, undefined, {
        timeout: 120_000,
      })) as CallToolResult;
      const first = result.content[0];
      const body = first?.type === 'text' ? first.text : '';
      if (result.isError) throw new Error(body);
      return body;
    };
    const figures: FetchQuestionFigures = {
      pages: [],
      goldFound: { tune: { found: 0, of: 0 }, check: { found: 0, of: 0 } },
    };
    const seen = new Set<string>();
    for (const item of items) {
      const url = seen.has(item.goldPage)
        ? `${pages.origin}/${pageSlug(item.goldPage)}.html`
        : pages.add(`/${pageSlug(item.goldPage)}.html`, readPageBytes(item.goldPage));
      seen.add(item.goldPage);
      const whole = tokens(await text({ url, max_length: 1_000_000, max_tokens: 200_000 }));
      const answered = await text({ url, question: item.question });
      const question = tokens(answered);
      figures.pages.push({ whole, question });
      const half = figures.goldFound[halfOf(item.id)];
      half.of++;
      if (containsWhole(answered, item.gold!)) half.found++;
    }
    return figures;
  } finally {
    await client.close();
    await runtime.close();
    await pages.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
