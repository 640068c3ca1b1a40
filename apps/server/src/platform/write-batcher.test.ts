import { describe, expect, it } from 'vitest';
import { WriteBatcher } from './write-batcher.js';

type Item = { key: string; value: number };

/** A batcher whose writes are recorded, answering each item's value doubled (or its error). */
function recorded(max = 100, keyed = true) {
  const batches: Item[][] = [];
  let release: (() => void) | undefined;
  const batcher = new WriteBatcher<Item, number>(
    async (items) => {
      batches.push(items);
      // The first batch holds until released: what arrives meanwhile waits for the next one.
      if (batches.length === 1) await new Promise<void>((r) => (release = r));
      return items.map((i) => (i.value < 0 ? new Error(`bad ${i.value}`) : i.value * 2));
    },
    keyed ? { key: (i) => i.key, max } : { max },
  );
  return { batcher, batches, release: () => release?.() };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('WriteBatcher', () => {
  it('writes what arrives together in one batch, and what arrives meanwhile in the next', async () => {
    const { batcher, batches, release } = recorded();
    const first = [1, 2, 3].map((v) => batcher.submit({ key: `k${v}`, value: v }));
    await tick();
    const later = [4, 5].map((v) => batcher.submit({ key: `k${v}`, value: v }));
    await tick();
    expect(batches.map((b) => b.map((i) => i.value))).toEqual([[1, 2, 3]]);
    release();
    expect(await Promise.all(first)).toEqual([2, 4, 6]);
    expect(await Promise.all(later)).toEqual([8, 10]);
    expect(batches.map((b) => b.map((i) => i.value))).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('keeps one item per key in a batch, in the order they came', async () => {
    const { batcher, batches, release } = recorded();
    release();
    const answers = [
      batcher.submit({ key: 'a', value: 1 }),
      batcher.submit({ key: 'a', value: 2 }),
      batcher.submit({ key: 'b', value: 3 }),
      batcher.submit({ key: 'a', value: 4 }),
    ];
    await tick();
    release();
    await tick();
    release();
    expect(await Promise.all(answers)).toEqual([2, 4, 6, 8]);
    expect(batches.map((b) => b.map((i) => i.value))).toEqual([[1, 3], [2], [4]]);
  });

  it('without a key, items alike share a batch (reads)', async () => {
    const { batcher, batches, release } = recorded(100, false);
    const answers = [1, 2, 3].map((v) => batcher.submit({ key: 'a', value: v }));
    await tick();
    release();
    expect(await Promise.all(answers)).toEqual([2, 4, 6]);
    expect(batches.map((b) => b.map((i) => i.value))).toEqual([[1, 2, 3]]);
  });

  it('splits batches at the maximum', async () => {
    const { batcher, batches, release } = recorded(2);
    const answers = [1, 2, 3, 4, 5].map((v) => batcher.submit({ key: `k${v}`, value: v }));
    await tick();
    release();
    await Promise.all(answers);
    expect(batches.map((b) => b.length)).toEqual([2, 2, 1]);
  });

  it("fails an item alone with its own error, and a whole batch with the write's", async () => {
    const { batcher, release } = recorded();
    release();
    const good = batcher.submit({ key: 'a', value: 1 });
    const bad = batcher.submit({ key: 'b', value: -1 });
    await tick();
    release();
    await expect(bad).rejects.toThrow('bad -1');
    expect(await good).toBe(2);

    const broken = new WriteBatcher<Item, number>(
      async () => {
        throw new Error('database down');
      },
      { key: (i) => i.key, max: 10 },
    );
    const both = [broken.submit({ key: 'a', value: 1 }), broken.submit({ key: 'b', value: 2 })];
    for (const p of both) await expect(p).rejects.toThrow('database down');
  });

  it('a batch that throws is written again one by one: only the faulty item fails', async () => {
    const writes: number[][] = [];
    // A statement refusing the whole batch for one row (a constraint), as a database does.
    const batcher = new WriteBatcher<Item, number>(
      async (items) => {
        writes.push(items.map((i) => i.value));
        if (items.some((i) => i.value === 13)) throw new Error('row 13 refused');
        return items.map((i) => i.value * 2);
      },
      { key: (i) => i.key, max: 10 },
    );
    const answers = [1, 13, 3].map((v) => batcher.submit({ key: `k${v}`, value: v }));
    await expect(answers[1]).rejects.toThrow('row 13 refused');
    expect(await answers[0]).toBe(2);
    expect(await answers[2]).toBe(6);
    expect(writes).toEqual([[1, 13, 3], [1], [13], [3]]);
  });
});
