import { describe, expect, it } from 'vitest';
import { TouchesBehind, type Touch } from './touches-behind.js';

const at = (second: number) => new Date(Date.UTC(2026, 10, 27, 9, 0, second));
const touch = (sessionId: string, second: number): Touch => ({
  userId: `user-of-${sessionId}`,
  sessionId,
  at: at(second),
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A buffer whose writes are recorded; `failures` writes fail before the others succeed. */
function recorded(options = { delayMs: 30, max: 3 }, failures = 0) {
  const writes: string[][] = [];
  const errors: unknown[] = [];
  const buffer = new TouchesBehind(
    async (touches) => {
      writes.push(touches.map((t) => `${t.sessionId}@${t.at.getUTCSeconds()}`));
      if (failures-- > 0) throw new Error('database gone');
    },
    (error) => errors.push(error),
    options,
  );
  return { buffer, writes, errors };
}

describe('TouchesBehind', () => {
  it('writes the marks of a moment together once the delay has passed, not before', async () => {
    const { buffer, writes } = recorded({ delayMs: 30, max: 100 });
    buffer.add(touch('a', 1));
    buffer.add(touch('b', 2));
    expect(writes).toEqual([]);
    expect(buffer.waitingAt('a')).toEqual(at(1));
    await sleep(60);
    expect(writes).toEqual([['a@1', 'b@2']]);
    expect(buffer.waitingAt('a')).toBeUndefined();
  });

  it('keeps the latest mark of a session, whatever order they come in', async () => {
    const { buffer, writes } = recorded({ delayMs: 10_000, max: 100 });
    buffer.add(touch('a', 5));
    buffer.add(touch('a', 3));
    buffer.add(touch('a', 7));
    await buffer.flush();
    expect(writes).toEqual([['a@7']]);
  });

  it('writes at once when as many as its most are waiting', async () => {
    const { buffer, writes } = recorded({ delayMs: 10_000, max: 3 });
    for (const id of ['a', 'b', 'c', 'd']) buffer.add(touch(id, 1));
    await buffer.flush();
    expect(writes).toEqual([['a@1', 'b@1', 'c@1'], ['d@1']]);
  });

  it('tells a failed write and tries its marks again, unless a later one came', async () => {
    const { buffer, writes, errors } = recorded({ delayMs: 20, max: 100 }, 1);
    buffer.add(touch('a', 1));
    buffer.add(touch('b', 1));
    const failing = buffer.flush();
    buffer.add(touch('b', 9));
    await failing;
    expect(errors).toHaveLength(1);
    await sleep(50);
    expect(writes).toEqual([
      ['a@1', 'b@1'],
      ['b@9', 'a@1'],
    ]);
  });

  it('flush waits for a write under way, then writes what came meanwhile', async () => {
    const { buffer, writes } = recorded({ delayMs: 10_000, max: 100 });
    buffer.add(touch('a', 1));
    const first = buffer.flush();
    buffer.add(touch('b', 2));
    await buffer.flush();
    await first;
    expect(writes).toEqual([['a@1'], ['b@2']]);
    expect(await buffer.flush()).toBeUndefined();
  });
});
