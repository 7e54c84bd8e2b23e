/**
 * What an agent gets from tools/list: the real MCP server over a real runtime (its own data dir,
 * no browser started), listed by the MCP SDK's client over an in-memory transport. The settings
 * given are saved first, as a person would with `lantern settings set`; `tools` is
 * `lantern mcp --tools`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { createLanternMcpServer } from '../../src/main/doors/mcp/server';
import { createNodeRuntime } from '../../src/main/app/node-runtime';
import type { SettingsPatch } from '../../src/shared/settings-contract';

/** The tools/list result as JSON, the text a client hands on to its model. */
export async function listedTools(
  settings: SettingsPatch = {},
  tools?: string[],
  /** Run on the runtime before listing (say, a document added to the library). */
  setUp?: (runtime: ReturnType<typeof createNodeRuntime>) => Promise<unknown>,
): Promise<{ tools: Tool[]; json: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lantern-tools-'));
  const runtime = createNodeRuntime({ env: { ...process.env, LANTERN_DATA_DIR: dataDir } });
  try {
    await runtime.settings.update(settings);
    await setUp?.(runtime);
    const server = createLanternMcpServer(runtime, { version: 'list', ...(tools ? { tools } : {}) });
    const client = new Client({ name: 'lantern-tools', version: '0' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    const listed = await client.listTools();
    await client.close();
    return { tools: listed.tools, json: JSON.stringify(listed) };
  } finally {
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
