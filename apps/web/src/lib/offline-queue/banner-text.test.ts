import { describe, expect, it } from 'vitest';
import { offlineBanner } from './banner-text';
import type { QueueItem } from './queue-item';

const items = (count: number) => Array.from({ length: count }, () => ({}) as QueueItem);

describe('the offline/sync banner', () => {
  it.each([
    [{ online: false, items: items(0), phase: 'idle', syncing: 0 }, "You're offline"],
    [
      { online: false, items: items(3), phase: 'idle', syncing: 0 },
      "You're offline • 3 action(s) queued",
    ],
    [{ online: true, items: items(2), phase: 'syncing', syncing: 2 }, 'Syncing 2 action(s)...'],
    [{ online: true, items: items(0), phase: 'synced', syncing: 0 }, 'All synced!'],
  ] as const)('%o says %s', (state, text) => {
    expect(offlineBanner({ ...state, items: [...state.items] })?.text).toBe(text);
  });

  it('hides when online with nothing to report', () => {
    expect(offlineBanner({ online: true, items: items(1), phase: 'idle', syncing: 0 })).toBeNull();
  });
});
