import type { Redis } from 'ioredis';
import {
  compareIds,
  idTime,
  isEventId,
  REPLAY,
  type Backlog,
  type BusListener,
  type BusMessage,
  type RealtimeBus,
} from './realtime-bus.js';

// One round trip per event: appended to the person's Redis stream (trimmed to about
// REPLAY.maxEvents, expiring a day after the last one) and published on their channel with its id.
const PUBLISH_SCRIPT = `
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'd', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PUBLISH', ARGV[4], 'e ' .. id .. ' ' .. ARGV[2])
return id`;

type Channel = { listeners: Set<BusListener>; ready: Promise<unknown> };

/**
 * Several instances on one Redis (docs/decisions/0011-realtime-stream.md): a stream per person
 * (`<prefix>u:<userId>`) keeps the recent events for Last-Event-ID; a pub/sub channel per person
 * (the same name) delivers them live to the instances where that person is connected. Each
 * instance holds one subscriber connection and subscribes to a person's channel while at least
 * one of their streams is open on it.
 */
export class RedisRealtimeBus implements RealtimeBus {
  readonly #subscriber: Redis;
  readonly #channels = new Map<string, Channel>();

  private constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    subscriber: Redis,
  ) {
    this.#subscriber = subscriber;
    subscriber.on('messageBuffer', (channel: Buffer, message: Buffer) =>
      this.#deliver(channel.toString(), message.toString()),
    );
  }

  static async open(redis: Redis, prefix: string): Promise<RedisRealtimeBus> {
    const subscriber = redis.duplicate({ lazyConnect: true });
    // It reconnects by itself, as the main client does, whose errors runtime.ts logs; without a
    // listener ioredis prints each failed attempt to stderr.
    subscriber.on('error', () => {});
    await subscriber.connect();
    return new RedisRealtimeBus(redis, prefix, subscriber);
  }

  async publish(userId: string, data: string): Promise<string> {
    const key = this.#key(userId);
    const id = await this.redis.eval(
      PUBLISH_SCRIPT,
      1,
      key,
      REPLAY.maxEvents,
      data,
      REPLAY.ttlMs,
      key,
    );
    return String(id);
  }

  async signal(userId: string, data: string): Promise<void> {
    await this.redis.publish(this.#key(userId), `s ${data}`);
  }

  async listen(userId: string, listener: BusListener): Promise<() => void> {
    const name = this.#key(userId);
    let channel = this.#channels.get(name);
    if (!channel) {
      channel = { listeners: new Set(), ready: this.#subscriber.subscribe(name) };
      this.#channels.set(name, channel);
    }
    channel.listeners.add(listener);
    await channel.ready;
    const joined = channel;
    return () => {
      joined.listeners.delete(listener);
      if (joined.listeners.size > 0 || this.#channels.get(name) !== joined) return;
      this.#channels.delete(name);
      // Commands on one connection run in order: a later subscribe to this name wins.
      this.#subscriber.unsubscribe(name).catch(() => {});
    };
  }

  async backlog(userId: string, afterId: string | undefined): Promise<Backlog> {
    const key = this.#key(userId);
    const pipeline = this.redis
      .pipeline()
      .time()
      .xinfo('STREAM', key)
      .xrange(
        key,
        afterId && isEventId(afterId) ? `(${afterId}` : '+',
        '+',
        'COUNT',
        REPLAY.maxEvents * 3,
      );
    const [[, time], [infoError, info], [, range]] = (await pipeline.exec()) as [
      [Error | null, [string, string]],
      [Error | null, unknown[]],
      [Error | null, [string, string[]][]],
    ];
    const nowMs = Number(time[0]) * 1000 + Math.floor(Number(time[1]) / 1000);
    // No stream: nothing was published for a day. Start just before Redis's clock, so that the
    // next event's id (Redis's time then) comes after it.
    const stream = infoError ? undefined : streamInfo(info);
    const position = stream?.lastId ?? `${nowMs - 1}-0`;
    if (afterId === undefined) return { position, entries: [], complete: true };
    const entries = (afterId && isEventId(afterId) ? (range ?? []) : []).map(([id, fields]) => ({
      id,
      data: fields[1] ?? '',
    }));
    return { position, entries, complete: isComplete(afterId, nowMs, stream, entries.length) };
  }

  /** Other instances may have the person connected: always worth sending. */
  listening(): boolean {
    return true;
  }

  async keep(userId: string, build: () => Promise<string | null>): Promise<void> {
    const data = await build();
    if (data !== null) await this.publish(userId, data);
  }

  async close(): Promise<void> {
    this.#channels.clear();
    await this.#subscriber.quit().catch(() => {});
  }

  #key(userId: string): string {
    return `${this.prefix}u:${userId}`;
  }

  #deliver(channel: string, raw: string): void {
    const listeners = this.#channels.get(channel)?.listeners;
    if (!listeners?.size) return;
    let message: BusMessage;
    if (raw.startsWith('e ')) {
      const space = raw.indexOf(' ', 2);
      message = { kind: 'event', id: raw.slice(2, space), data: raw.slice(space + 1) };
    } else {
      message = { kind: 'signal', data: raw.slice(2) };
    }
    for (const listener of listeners) listener(message);
  }
}

type StreamInfo = { lastId: string; firstId: string | undefined; trimmed: boolean };

/** XINFO STREAM's flat answer: the newest id, the oldest kept, and whether any were dropped. */
function streamInfo(info: unknown[]): StreamInfo {
  const field = (name: string) => info[info.indexOf(name) + 1];
  const first = field('first-entry') as [string, string[]] | null;
  return {
    lastId: String(field('last-generated-id')),
    firstId: first?.[0],
    trimmed: Number(field('entries-added')) > Number(field('length')),
  };
}

/**
 * Everything after `afterId` is still there when the id is recent enough (a stream expires a day
 * after its last event, so a younger id saw no expiry since) and nothing after it was trimmed
 * (trimming drops the oldest first: either none was, or the oldest kept is not newer than it).
 */
function isComplete(
  afterId: string,
  nowMs: number,
  stream: StreamInfo | undefined,
  count: number,
): boolean {
  if (!isEventId(afterId) || idTime(afterId) < nowMs - REPLAY.ttlMs) return false;
  if (count >= REPLAY.maxEvents * 3) return false;
  if (!stream) return true;
  if (compareIds(afterId, stream.lastId) > 0) return false; // an id this stream never gave
  return (
    !stream.trimmed || (stream.firstId !== undefined && compareIds(stream.firstId, afterId) <= 0)
  );
}
