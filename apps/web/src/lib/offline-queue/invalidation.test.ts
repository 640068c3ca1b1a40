import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { reflects } from '../query-topics';
import { invalidateAfterReplay } from './invalidation';
import type { QueueItemType } from './queue-item';

/** A cache holding one query per feature (and one tagged with a topic). */
function cache() {
  const client = new QueryClient();
  const keys = {
    posts: ['posts', 'feed'],
    quests: ['quests', 'list', 'active'],
    activity: ['activity', 'timeline'],
    vibes: ['vibes', 'sent'],
    dms: ['dms', 'list'],
    profile: ['profile', 'user', 'x'],
  };
  // A profile shows "people" facts: a vibe changes them.
  client.getQueryCache().build(client, { queryKey: keys.profile, ...reflects('people') });
  for (const key of Object.values(keys)) client.setQueryData(key, {});
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  return { client, stale };
}

describe('what a replayed action makes stale (spec §7)', () => {
  it.each<[QueueItemType, string[]]>([
    ['post', ['posts']],
    ['checkin', ['activity', 'quests']],
    ['smile', ['posts']],
    ['hum', ['posts']],
    ['vibe', ['posts', 'profile', 'vibes']],
    ['comment', ['posts']],
    ['dm', ['dms']],
  ])('%s → %o', (type, expected) => {
    const { client, stale } = cache();
    invalidateAfterReplay(client, type);
    expect(stale()).toEqual(expected);
  });
});
