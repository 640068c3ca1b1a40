import { describe, expect, it } from 'vitest';
import { KeptRankings } from './kept-rankings.js';

describe('KeptRankings', () => {
  it('ranks once for every reader, again 2 s after a change, and every 30 s regardless', async () => {
    let now = 0;
    let rankedTimes = 0;
    const kept = new KeptRankings(() => now);
    const rank = async () => {
      rankedTimes += 1;
      return [
        { user_id: 'a', score: 5 },
        { user_id: 'b', score: 3 },
      ];
    };

    const [first, second] = await Promise.all([kept.get('week', rank), kept.get('week', rank)]);
    expect(rankedTimes).toBe(1);
    expect(first).toBe(second);
    expect(first.placeOf.get('b')).toBe(2);

    kept.changed();
    now = 1_000;
    await kept.get('week', rank);
    expect(rankedTimes).toBe(1); // changed, but ranked only 1 s ago
    now = 2_000;
    await kept.get('week', rank);
    expect(rankedTimes).toBe(2);

    now = 31_000;
    await kept.get('week', rank);
    expect(rankedTimes).toBe(2); // unchanged and 29 s old
    now = 32_001;
    await kept.get('week', rank);
    expect(rankedTimes).toBe(3);

    await kept.get('all-time', rank);
    expect(rankedTimes).toBe(4); // each board its own
    kept.forget();
    await kept.get('week', rank);
    expect(rankedTimes).toBe(5);
  });
});
