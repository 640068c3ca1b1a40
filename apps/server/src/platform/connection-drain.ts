import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/**
 * How long a connection with no request under way is kept once draining, before it is closed.
 * Not closed at once: a client may have sent its next request on it a moment ago, and closing
 * under that request would reset it. Any request that arrives meanwhile is answered, with
 * `connection: close`.
 */
export const IDLE_LINGER_MS = 250;

type Connection = { responses: Set<ServerResponse>; idle: NodeJS.Timeout | undefined };

/**
 * The HTTP side of a graceful stop. `drain()` closes the listener (a new connection is refused),
 * lets every request under way finish, answers each from then on with `connection: close` (its
 * connection ends once the answer is sent), closes idle connections after IDLE_LINGER_MS, and
 * resolves when no connection is left. http-server.ts hands it every request first.
 */
export class ConnectionDrain {
  readonly #connections = new Map<Socket, Connection>();
  #draining = false;
  #answered = 0;
  #empty: (() => void) | undefined;

  constructor(private readonly server: Server) {
    server.on('connection', (socket: Socket) => {
      const connection: Connection = { responses: new Set(), idle: undefined };
      this.#connections.set(socket, connection);
      socket.once('close', () => {
        clearTimeout(connection.idle);
        this.#connections.delete(socket);
        if (this.#draining && this.#connections.size === 0) this.#empty?.();
      });
      if (this.#draining) this.#closeWhenIdle(socket, connection);
    });
  }

  /** Requests answered since draining began. */
  get answeredWhileDraining(): number {
    return this.#answered;
  }

  /** Counts a request on its connection (before anything answers it). */
  track(request: IncomingMessage, response: ServerResponse): void {
    const socket = request.socket;
    const connection = this.#connections.get(socket);
    if (!connection) return;
    clearTimeout(connection.idle);
    connection.idle = undefined;
    connection.responses.add(response);
    if (this.#draining) response.shouldKeepAlive = false;
    response.once('close', () => {
      connection.responses.delete(response);
      if (this.#draining) {
        this.#answered += 1;
        this.#closeWhenIdle(socket, connection);
      }
    });
  }

  drain(): Promise<void> {
    this.#draining = true;
    const empty = new Promise<void>((resolve) => (this.#empty = resolve));
    // net's close, not http's: http.Server#close also closes every idle connection at once.
    NetServer.prototype.close.call(this.server);
    for (const [socket, connection] of this.#connections) {
      // Headers not yet sent: this answer says it is the connection's last.
      for (const response of connection.responses)
        if (!response.headersSent) response.shouldKeepAlive = false;
      this.#closeWhenIdle(socket, connection);
    }
    if (this.#connections.size === 0) this.#empty?.();
    return empty;
  }

  #closeWhenIdle(socket: Socket, connection: Connection): void {
    if (connection.responses.size > 0 || connection.idle) return;
    connection.idle = setTimeout(() => socket.destroy(), IDLE_LINGER_MS);
    connection.idle.unref();
  }
}
