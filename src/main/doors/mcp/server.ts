/**
 * The MCP door: the three tools of tools.ts on the SDK's low-level Server. Lantern lists the tools
 * and checks their arguments itself (rather than through the SDK's McpServer) so that every
 * refusal an agent gets reads as at every other door — `INVALID_INPUT: …`, a tool result with
 * isError — and not the SDK's JSON-RPC wording. Transports are the caller's: `lantern mcp`
 * connects stdio; `lantern serve` mounts streamable HTTP on a server per MCP session.
 */
import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type ServerNotification,
  type ServerRequest,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import type { ResearchApi } from '../../../shared/api';
import { definedFields } from '../../../shared/defined-fields';
import { LanternError } from '../../../shared/errors';
import { publicErrorInfo } from '../http/http-errors';
import { validationError } from '../../common/validation';
import { letProgressArrive } from './progress-flush';
import { lanternTools, type LanternTool } from './tools';

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export interface McpServerOptions {
  /** The server's version as MCP clients see it. */
  version: string;
  /**
   * Whose numbered results these are when the transport has no session of its own (stdio: one
   * client per process). Streamable HTTP gives each client its session id instead.
   */
  defaultSession?: string;
  /** Where an unexpected failure's details go (default stderr: stdout is the protocol's, over stdio). */
  log?: (message: string) => void;
  /** Offer only these tools (tools.ts' toolSubset); default all. */
  tools?: readonly string[];
}

/**
 * Every tool reads the web and changes nothing: read-only, open to the world outside. Only the
 * hints that say so (destructiveHint means nothing for a read-only tool, idempotentHint false is
 * the default; the title is the tool's own), since every tools/list costs an agent tokens.
 */
const READ_ONLY_WEB = { readOnlyHint: true, openWorldHint: true } as const;

/** JSON Schema as the MCP SDK writes it for zod schemas (draft-07, which its client's validator reads). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): { type: 'object'; [key: string]: unknown } {
  return z.toJSONSchema(schema, { target: 'draft-7', io }) as { type: 'object'; [key: string]: unknown };
}

/** A tool as tools/list gives it; its output schema only for clients that get structured content. */
function describeTool(tool: LanternTool, structured: boolean): Tool {
  // No $schema on the input: it means the same in any draft, and a model reads it three times a list.
  const { $schema: _dialect, ...inputSchema } = jsonSchema(tool.input, 'input');
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: { ...inputSchema, type: 'object' },
    ...(structured ? { outputSchema: jsonSchema(tool.output, 'output') } : {}),
    annotations: READ_ONLY_WEB,
  };
}

/** Builds the MCP server for `api`; connect it to a transport to serve. */
export function createLanternMcpServer(api: ResearchApi, options: McpServerOptions): Server {
  const server = new Server({ name: 'lantern', version: options.version }, { capabilities: { tools: {} } });
  const defaultSession = options.defaultSession ?? `mcp-${randomUUID()}`;
  const log = options.log ?? ((message: string) => void process.stderr.write(`${message}\n`));
  const sessionOf = (extra: Extra): string =>
    extra.sessionId === undefined ? defaultSession : `mcp-${extra.sessionId}`;
  const offered = options.tools;
  const tools = lanternTools(api).filter((tool) => offered === undefined || offered.includes(tool.name));
  // A client that was given output schemas expects structured content with every result (the
  // SDK's client fails a call without it), until it lists the tools again.
  let listedSchemas = false;
  // Read at each list and call, so a change of the setting applies without a restart. A settings
  // file that does not parse leaves it off: the tools must still list, and the calls tell why.
  const structuredWanted = (): Promise<boolean> =>
    api.settings.get().then(
      (settings) => settings.mcp.structuredContent,
      () => false,
    );

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    listedSchemas = await structuredWanted();
    // Every tool when the server was told which; else those with something to work on.
    const listed =
      offered === undefined
        ? await Promise.all(tools.map((tool) => tool.listed?.().catch(() => false) ?? true))
        : tools.map(() => true);
    return { tools: tools.filter((_, i) => listed[i]).map((tool) => describeTool(tool, listedSchemas)) };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { onProgress, sent } = progressSender(extra);
    try {
      const tool = tools.find((candidate) => candidate.name === request.params.name);
      if (!tool) {
        throw new LanternError(
          'NOT_FOUND',
          `No tool named "${request.params.name}": the tools are ${tools.map((known) => known.name).join(', ')}.`,
        );
      }
      const given = request.params.arguments ?? {};
      const args = tool.input.safeParse(given);
      if (!args.success) throw validationError(`arguments for ${tool.name}`, args.error, given);
      const answer = await tool.run(args.data, {
        // An agent: its calls are not a person's history, and a CAPTCHA is reported, not shown.
        caller: { session: sessionOf(extra), person: false },
        signal: extra.signal,
        ...definedFields({ onProgress }),
      });
      const structured = listedSchemas || (await structuredWanted());
      // Progress first: a client drops progress that arrives after (or with) the result.
      await sent();
      return {
        content: [{ type: 'text', text: answer.text }],
        ...(structured ? { structuredContent: answer.structured } : {}),
      };
    } catch (error) {
      await sent();
      // As over REST: an unexpected failure's own message (it may name paths) stays in the log.
      const info = publicErrorInfo(error, log);
      return { content: [{ type: 'text', text: `${info.code}: ${info.message}` }], isError: true };
    }
  });
  return server;
}

/**
 * A tool's progress lines as MCP progress notifications, when the client asked for them (a
 * progress token in the request's _meta). Progress must increase, so it counts the lines told so
 * far. `sent` resolves once every notification is written and has had time to reach the client on its own.
 */
function progressSender(extra: Extra): { onProgress?: (message: string) => void; sent: () => Promise<void> } {
  const progressToken = extra._meta?.progressToken;
  if (progressToken === undefined) return { sent: async () => {} };
  let progress = 0;
  let chain = Promise.resolve();
  return {
    onProgress: (message) => {
      progress += 1;
      const params = { progressToken, progress, message };
      // A client gone away must not fail the answer; the response will not reach it either.
      chain = chain.then(() => extra.sendNotification({ method: 'notifications/progress', params })).catch(() => {});
    },
    sent: async () => {
      await chain;
      if (progress > 0) await letProgressArrive();
    },
  };
}
