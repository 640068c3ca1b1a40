import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP forwarder on loopback to `target`, which a test can cut and mend: a server given the
 * link's address loses its database (or Redis) for real, its sockets reset and new connections
 * refused, then finds it again on the same port.
 */
export async function startTcpLink(target: { host: string; port: number }): Promise<{
  port: number;
  cut(): Promise<void>;
  mend(): Promise<void>;
  close(): Promise<void>;
}> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  return {
    port,
    cut: stop,
    mend: () => listen(port),
    close: () => (server.listening ? stop() : Promise.resolve()),
  };
}
