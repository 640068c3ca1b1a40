import { STREAM_HEARTBEAT_SECONDS, type StreamEvent, type UnreadCounts } from '@doers/contract';
import type { Clock } from '../../../platform/clock.js';
import type { RealtimeBus } from '../../../platform/realtime-bus.js';
import { sseFragment, StreamConnection, type StreamSink } from './stream-connection.js';

/** Open streams one person may hold (tabs, devices); a new one beyond closes their oldest. */
export const MAX_STREAMS_PER_USER = 10;

/**
 * When a stream closed because this instance stops should reconnect: soon (a proxy sends it to
 * another instance), spread over two seconds so that they do not all come back at once.
 */
export const reconnectAfterMs = () => 1_000 + Math.random() * 2_000;

type Log = { error(details: object, message: string): void };

/** What the bus carries besides events: not kept, only delivered. */
type Signal = { type: 'session-ended'; sessionId: string } | { type: 'live'; fragment: string };

/**
 * The realtime stream (docs/product/realtime.md): the open connections of this instance, what
 * each person is sent, and ending a session's streams on every instance. The bus (in process or
 * Redis) carries the events between instances and keeps them for Last-Event-ID.
 */
export class RealtimeService {
  readonly #byUser = new Map<string, StreamConnection[]>();
  #count = 0;
  readonly #heartbeat: NodeJS.Timeout;
  #stopping = false;

  constructor(
    private readonly deps: {
      bus: RealtimeBus;
      unreadCounts: (userId: string) => Promise<UnreadCounts>;
      clock: Clock;
      log: Log;
      heartbeatMs?: number;
    },
  ) {
    this.#heartbeat = setInterval(
      () => this.#beat(),
      deps.heartbeatMs ?? STREAM_HEARTBEAT_SECONDS * 1000,
    );
    this.#heartbeat.unref();
  }

  /** Streams open on this instance. */
  get openStreams(): number {
    return this.#count;
  }

  /** Sends an event to every stream of the person, on every instance, and keeps it for replay. */
  async send(userId: string, event: StreamEvent): Promise<void> {
    await this.deps.bus.publish(userId, sseFragment(event.type, JSON.stringify(event)));
  }

  /**
   * Sends an event to the person's open streams, on every instance, without keeping it: for news
   * that a returning app reads afresh anyway (a new post in the feed), so that it never pushes
   * what must be replayed (messages, notifications) out of the person's kept events.
   */
  async sendLive(userId: string, event: StreamEvent): Promise<void> {
    const signal: Signal = {
      type: 'live',
      fragment: sseFragment(event.type, JSON.stringify(event)),
    };
    await this.deps.bus.signal(userId, JSON.stringify(signal));
  }

  /**
   * Sends an event built from the database: built now when someone may be listening, else kept
   * unbuilt for a resume to build (most people are not connected when something happens to them).
   */
  async sendBuilt(userId: string, build: () => Promise<StreamEvent | null>): Promise<void> {
    const text = async () => {
      const event = await build();
      return event && sseFragment(event.type, JSON.stringify(event));
    };
    if (!this.deps.bus.listening(userId)) return this.deps.bus.keep(userId, text);
    const data = await text();
    if (data !== null) await this.deps.bus.publish(userId, data);
  }

  /** The person's counts changed: every stream of theirs gets the new ones. */
  async sendUnreadCounts(userId: string): Promise<void> {
    // A stream opens with the counts: nobody connected, nobody to tell.
    if (!this.deps.bus.listening(userId)) return;
    await this.send(userId, {
      type: 'unread-counts',
      counts: await this.deps.unreadCounts(userId),
    });
  }

  /** A session ended (sign-out, revoked, password changed): its streams close everywhere. */
  async endSession(userId: string, sessionId: string): Promise<void> {
    const signal: Signal = { type: 'session-ended', sessionId };
    await this.deps.bus.signal(userId, JSON.stringify(signal));
  }

  /**
   * Opens a stream for a signed-in client: listening first, then the backlog, so nothing
   * published meanwhile falls between the two. Resolves once it has caught up.
   */
  async open(input: {
    userId: string;
    sessionId: string;
    lastEventId: string | undefined;
    expiresAt: number | undefined;
    sink: StreamSink;
  }): Promise<StreamConnection> {
    const { userId, lastEventId } = input;
    const connection = new StreamConnection(
      userId,
      input.sessionId,
      input.expiresAt,
      input.sink,
      (closed) => this.#forget(closed),
      (open, data) => this.#signal(open, data),
    );
    if (this.#stopping) {
      connection.close(reconnectAfterMs());
      return connection;
    }
    this.#remember(connection);
    try {
      connection.unlisten = await this.deps.bus.listen(userId, (m) => connection.receive(m));
      if (connection.closed) connection.unlisten();
      const [backlog, counts] = await Promise.all([
        this.deps.bus.backlog(userId, lastEventId),
        this.deps.unreadCounts(userId),
      ]);
      const resync = lastEventId !== undefined && !backlog.complete;
      const first: StreamEvent = { type: 'unread-counts', counts, ...(resync ? { resync } : {}) };
      connection.catchUp(sseFragment(first.type, JSON.stringify(first)), backlog, lastEventId);
    } catch (error) {
      this.deps.log.error({ err: error }, 'realtime stream failed to open');
      connection.close();
    }
    return connection;
  }

  /**
   * The server is stopping: ends every stream of this instance, and any opened from now on, each
   * told when to reconnect (elsewhere, behind a proxy).
   */
  closeAll(): void {
    this.#stopping = true;
    clearInterval(this.#heartbeat);
    for (const list of [...this.#byUser.values()])
      for (const c of [...list]) c.close(reconnectAfterMs());
  }

  #remember(connection: StreamConnection): void {
    const list = this.#byUser.get(connection.userId) ?? [];
    this.#byUser.set(connection.userId, list);
    list.push(connection);
    this.#count += 1;
    while (list.length > MAX_STREAMS_PER_USER) list[0]!.close();
  }

  #forget(connection: StreamConnection): void {
    const list = this.#byUser.get(connection.userId);
    const index = list?.indexOf(connection) ?? -1;
    if (!list || index < 0) return;
    list.splice(index, 1);
    this.#count -= 1;
    if (list.length === 0) this.#byUser.delete(connection.userId);
  }

  #signal(connection: StreamConnection, data: string): void {
    const signal = JSON.parse(data) as Signal;
    if (signal.type === 'live') connection.writeUnkept(signal.fragment);
    else if (signal.sessionId === connection.sessionId) connection.close();
  }

  #beat(): void {
    const now = this.deps.clock.now().getTime();
    for (const list of [...this.#byUser.values()]) for (const c of [...list]) c.heartbeat(now);
  }
}
