import http from 'node:http';
import type net from 'node:net';

/** An HTTP server on a loopback address that counts every TCP connection and request it sees. */
export interface LoopbackService {
  host: string;
  port: number;
  /** e.g. "http://127.0.0.1:40123" */
  origin: string;
  /** TCP connections accepted so far (a WebSocket or a CONNECT-less probe counts too). */
  connections(): number;
  /** Request paths seen so far, upgrades included. */
  requests: string[];
  close(): Promise<void>;
}

export async function startService(
  handler: http.RequestListener,
  host = '127.0.0.1',
  port = 0,
): Promise<LoopbackService> {
  const requests: string[] = [];
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    handler(req, res);
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket) => {
    requests.push(req.url ?? '');
    socket.destroy();
  });
  server.on('connection', (socket: net.Socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const bound = (server.address() as net.AddressInfo).port;
  return {
    host,
    port: bound,
    origin: `http://${host}:${bound}`,
    connections: () => connections,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * Two services on the same port, one on 127.0.0.2 (which tests list as a public range) and one on
 * 127.0.0.1 (private): a name that answers one address and then the other reaches either with the
 * same URL, as in DNS rebinding.
 */
export async function startTwinServices(
  publicHandler: http.RequestListener,
  privateHandler: http.RequestListener,
): Promise<{ publicService: LoopbackService; privateService: LoopbackService }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const publicService = await startService(publicHandler, '127.0.0.2');
    try {
      const privateService = await startService(privateHandler, '127.0.0.1', publicService.port);
      return { publicService, privateService };
    } catch {
      // That port is taken on 127.0.0.1: try another pair.
      await publicService.close();
    }
  }
  throw new Error('No free port on both 127.0.0.1 and 127.0.0.2 after 20 attempts.');
}
