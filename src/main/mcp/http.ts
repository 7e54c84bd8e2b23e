/**
 * The MCP server over streamable HTTP, mounted at `/mcp` of `lantern serve` behind the local API's
 * guard (Host, Origin, bearer token). One MCP session per client (the `Mcp-Session-Id` the SDK
 * hands out at initialisation), each with its own server, so result numbers (web_fetch index=N)
 * belong to the session that searched.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { LanternError } from '../../shared/errors';
import { readJsonBody } from '../api/body';

interface McpHttpHandler {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Closes every open session (on shutdown). */
  close(): Promise<void>;
}

export function mcpOverHttp(newServer: () => Server): McpHttpHandler {
  const sessions = new Map<string, StreamableHTTPServerTransport>();

  return {
    async handle(req, res) {
      const sessionId = req.headers['mcp-session-id'];
      // Capped like every other body of the local API; GET (the event stream) and DELETE have none.
      const body = req.method === 'POST' ? await readJsonBody(req) : undefined;
      if (typeof sessionId === 'string') {
        const transport = sessions.get(sessionId);
        if (!transport) throw new LanternError('NOT_FOUND', 'No such MCP session (it ended, or the server restarted): initialise a new one.');
        return transport.handleRequest(req, res, body);
      }
      // No session yet: only an initialisation may start one (the transport refuses anything else).
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => void sessions.set(id, transport),
      });
      transport.onclose = () => {
        if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
      };
      await newServer().connect(transport);
      await transport.handleRequest(req, res, body);
    },
    async close() {
      await Promise.all([...sessions.values()].map((transport) => transport.close().catch(() => undefined)));
      sessions.clear();
    },
  };
}
