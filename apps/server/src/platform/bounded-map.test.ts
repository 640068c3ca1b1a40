import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map.js';

describe('BoundedMap', () => {
  it('forgets the oldest entry past its most, and counts a key set again as new', () => {
    const map = new BoundedMap<string, number>(3);
    map.set('a', 1).set('b', 2).set('c', 3);
    map.set('a', 10);
    map.set('d', 4);
    expect([...map.entries()]).toEqual([
      ['c', 3],
      ['a', 10],
      ['d', 4],
    ]);
    expect(map.get('b')).toBeUndefined();
  });

  it('keeps everything up to its most', () => {
    const map = new BoundedMap<number, number>(1_000);
    for (let i = 0; i < 1_000; i++) map.set(i, i);
    expect(map.size).toBe(1_000);
    expect(map.get(0)).toBe(0);
  });
});
