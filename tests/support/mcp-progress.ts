/**
 * MCP progress as the tests observe it, and a client that falls behind.
 *
 * The SDK's `Protocol` handles a notification a microtask after it is read but a response at
 * once, and forgets the call's `onprogress` with the response: steps read together with the
 * result never reach `onprogress` (typescript-sdk issue #2580). A notification handler of the
 * client's own stays, so the tests call with a progress token of their own and collect that
 * call's steps through it, which every step reaches whenever it is read.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolResultSchema,
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCResultResponse,
  ProgressNotificationSchema,
  type CallToolRequest,
  type CallToolResult,
  type JSONRPCMessage,
  type MessageExtraInfo,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';

const routesByClient = new WeakMap<Client, Map<string, Progress[]>>();
let calls = 0;

function progressRoutes(client: Client): Map<string, Progress[]> {
  let routes = routesByClient.get(client);
  if (!routes) {
    const created = new Map<string, Progress[]>();
    client.setNotificationHandler(
      ProgressNotificationSchema,
      ({ params: { progressToken, progress, total, message } }) => {
        created.get(String(progressToken))?.push({
          progress,
          ...(total === undefined ? {} : { total }),
          ...(message === undefined ? {} : { message }),
        });
      },
    );
    routesByClient.set(client, (routes = created));
  }
  return routes;
}

/** Calls a tool asking for progress, and returns its result with the steps received before it. */
export async function callToolWithProgress(
  client: Client,
  params: CallToolRequest['params'],
  options: RequestOptions = {},
): Promise<{ result: CallToolResult; progress: Progress[] }> {
  const routes = progressRoutes(client);
  const progressToken = `test-progress-${++calls}`;
  const progress: Progress[] = [];
  routes.set(progressToken, progress);
  try {
    const result = (await client.callTool(
      { ...params, _meta: { ...params._meta, progressToken } },
      CallToolResultSchema,
      options,
    )) as CallToolResult;
    return { result, progress };
  } finally {
    routes.delete(progressToken);
  }
}

/**
 * A client transport that falls behind: after a call's first progress step it reads nothing
 * until the server has written that call's response, then reads everything at once, in order,
 * in one synchronous run — as the SDK's stdio transport hands over the messages of one read.
 * This is the reader that loses the last steps through `onprogress`, made on purpose.
 */
export class StallingTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  /** What each stall let through at once: 'progress' for a progress step, 'response' for a response. */
  readonly bursts: string[][] = [];
  private held: Array<{ message: JSONRPCMessage; extra?: MessageExtraInfo }> | undefined;

  constructor(private readonly inner: Transport) {
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => this.receive(message, extra);
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(...args: Parameters<Transport['send']>): Promise<void> {
    return this.inner.send(...args);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private receive(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    if (this.held) {
      this.held.push({ message, ...(extra === undefined ? {} : { extra }) });
      if (!isJSONRPCResultResponse(message) && !isJSONRPCErrorResponse(message)) return;
      const burst = this.held;
      this.held = undefined;
      this.bursts.push(burst.map(({ message: held }) => (isProgress(held) ? 'progress' : 'response')));
      for (const { message: held, extra: heldExtra } of burst) this.onmessage?.(held, heldExtra);
      return;
    }
    this.onmessage?.(message, extra);
    if (isProgress(message)) this.held = [];
  }
}

function isProgress(message: JSONRPCMessage): boolean {
  return isJSONRPCNotification(message) && message.method === 'notifications/progress';
}
