/**
 * Server-sent events: one `event: <type>` / `data: <json>` block per event, and a comment line as
 * a heartbeat so proxies and clients do not take a quiet minute (a slow page) for a dead stream.
 */
import type { ServerResponse } from 'node:http';

export interface EventStream {
  send(type: string, data: unknown): void;
  end(): void;
}

export function openEventStream(res: ServerResponse, heartbeatMs: number): EventStream {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    connection: 'keep-alive',
  });
  res.flushHeaders();
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), heartbeatMs);
  heartbeat.unref();
  return {
    send(type, data) {
      if (res.writableEnded) return;
      res.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      clearInterval(heartbeat);
      if (!res.writableEnded) res.end();
    },
  };
}
