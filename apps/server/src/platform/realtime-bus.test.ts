import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  compareIds,
  MemoryRealtimeBus,
  REPLAY,
  type BusMessage,
  type RealtimeBus,
} from './realtime-bus.js';
import { RedisRealtimeBus } from './redis-realtime-bus.js';

// What Last-Event-ID may rely on, for both transports: the Redis one runs when REDIS_URL is set.
const redisUrl = process.env['REDIS_URL'];
const redis = redisUrl ? new Redis(redisUrl) : undefined;
const prefix = `doers-bus-test:${randomBytes(4).toString('hex')}:`;
afterAll(async () => {
  if (!redis) return;
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

const transports: [string, () => Promise<RealtimeBus>][] = [
  ['in process', async () => new MemoryRealtimeBus()],
  ...(redis
    ? [
        ['Redis', () => RedisRealtimeBus.open(redis, prefix)] as [
          string,
          () => Promise<RealtimeBus>,
        ],
      ]
    : []),
];

describe.each(transports)('realtime bus (%s)', (_name, openBus) => {
  const user = () => `user-${randomBytes(4).toString('hex')}`;

  it('delivers to listeners of that person only, with ordered ids, and stops when told', async () => {
    const bus = await openBus();
    const [alice, bob] = [user(), user()];
    const heard: BusMessage[] = [];
    const stop = await bus.listen(alice, (m) => heard.push(m));
    await bus.listen(bob, () => heard.push({ kind: 'signal', data: 'wrong person' }));
    const ids = [await bus.publish(alice, 'one'), await bus.publish(alice, 'two')];
    await bus.signal(alice, 'bye');
    await until(() => heard.length === 3);
    expect(heard).toEqual([
      { kind: 'event', id: ids[0], data: 'one' },
      { kind: 'event', id: ids[1], data: 'two' },
      { kind: 'signal', data: 'bye' },
    ]);
    expect(compareIds(ids[0]!, ids[1]!)).toBeLessThan(0);
    stop();
    await bus.publish(alice, 'three');
    await bus.publish(bob, 'for bob');
    await until(() => heard.length === 4);
    expect(heard[3]).toEqual({ kind: 'signal', data: 'wrong person' });
    await bus.close();
  });

  it('replays what came after an id, and says when it cannot', async () => {
    const bus = await openBus();
    const alice = user();
    const fresh = await bus.backlog(alice, undefined);
    expect(fresh).toMatchObject({ entries: [], complete: true });
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push(await bus.publish(alice, `event ${i}`));
    // From a fresh connection's position (before any event): everything.
    expect((await bus.backlog(alice, fresh.position)).entries.map((e) => e.data)).toHaveLength(10);
    const after = await bus.backlog(alice, ids[6]);
    expect(after.complete).toBe(true);
    expect(after.entries.map((e) => e.data)).toEqual(['event 7', 'event 8', 'event 9']);
    expect(after.position).toBe(ids[9]);
    expect(await bus.backlog(alice, ids[9])).toMatchObject({ entries: [], complete: true });
    // Unknown or ancient ids are never "complete": the client refetches.
    expect((await bus.backlog(alice, '1-0')).complete).toBe(false);
    expect((await bus.backlog(alice, 'nonsense')).complete).toBe(false);
    await bus.close();
  });

  it('after more events than it keeps, an old id is incomplete and a recent one is not', async () => {
    const bus = await openBus();
    const alice = user();
    const ids: string[] = [];
    for (let i = 0; i < REPLAY.maxEvents * 3; i++) ids.push(await bus.publish(alice, `e${i}`));
    expect((await bus.backlog(alice, ids[0])).complete).toBe(false);
    const recent = await bus.backlog(alice, ids.at(-5));
    expect(recent.complete).toBe(true);
    expect(recent.entries).toHaveLength(4);
    await bus.close();
  });
});

describe('in-process bus', () => {
  it('does not vouch for ids from before it started (the server restarted)', async () => {
    const before = new MemoryRealtimeBus();
    const alice = 'alice';
    const id = await before.publish(alice, 'old');
    await before.close();
    await new Promise((ok) => setTimeout(ok, 5));
    const after = new MemoryRealtimeBus();
    expect((await after.backlog(alice, id)).complete).toBe(false);
    await after.close();
  });

  it('knows who listens, and builds a kept event only when a resume asks for it', async () => {
    const bus = new MemoryRealtimeBus();
    const bob = 'bob';
    const since = await bus.publish(bob, 'first');
    expect(bus.listening(bob)).toBe(false);
    let built = 0;
    await bus.keep(bob, async () => `kept ${++built}`);
    await bus.keep(bob, async () => null);
    expect(built).toBe(0);
    const resumed = await bus.backlog(bob, since);
    // Built as it is now, in order; one that has nothing to show any more is left out.
    expect(resumed.entries.map((e) => e.data)).toEqual(['kept 1']);
    expect(resumed.complete).toBe(true);
    const stop = await bus.listen(bob, () => {});
    expect(bus.listening(bob)).toBe(true);
    stop();
    expect(bus.listening(bob)).toBe(false);
    await bus.close();
  });
});

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((ok) => setTimeout(ok, 5));
  expect(check()).toBe(true);
}
