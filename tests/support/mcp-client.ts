/**
 * An MCP SDK client connected to Lantern's MCP server over the SDK's in-memory transport, as an
 * agent's client talks to it (the same server `lantern mcp` runs), and the text of a tool's answer.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createLanternMcpServer } from '../../src/main/doors/mcp/server';

export async function connectedMcpClient(
  runtime: Parameters<typeof createLanternMcpServer>[0],
  name: string,
): Promise<Client> {
  const client = new Client({ name, version: '0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createLanternMcpServer(runtime, { version: 'test', log: () => undefined }).connect(serverSide);
  await client.connect(clientSide);
  return client;
}

/** The text of a tool's answer (its first content item). */
export function toolText(result: Awaited<ReturnType<Client['callTool']>>): string {
  return (result.content as Array<{ text?: string }>)[0]?.text ?? '';
}
