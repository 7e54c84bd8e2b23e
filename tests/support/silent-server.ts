import { createServer, type Socket } from 'node:net';

/**
 * A server on 127.0.0.1 that accepts connections and never answers: an engine that does not
 * respond. Close it to end the connections it holds.
 */
export async function startSilentServer(): Promise<{
  origin: string;
  accepted: () => number;
  close: () => Promise<void>;
}> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    /** Connections accepted so far. */
    accepted: () => accepted,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
