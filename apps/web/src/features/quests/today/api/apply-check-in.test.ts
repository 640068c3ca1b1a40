import type { Quest, QuestCalendar, QuestList } from '@doers/contract';
import { QueryClient, QueryObserver, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { accountKeys } from '../../../../lib/auth/account-keys';
import { reflects } from '../../../../lib/query-topics';
import { questKeys } from '../../quest-keys';
import { makeQuest, makeViewer } from '../../testing/quest-fixtures';
import { applyCheckIn } from './apply-check-in';

const viewer = makeViewer();

/** A cache as the quest page leaves it, with a fetch counter per key and live observers. */
function setUp(quest: Quest) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const fetches: Record<string, number> = {};
  const watch = (queryKey: readonly unknown[], data: unknown) => {
    client.setQueryData(queryKey, data);
    const name = queryKey.join('/');
    fetches[name] = 0;
    const observer = new QueryObserver(client, {
      queryKey,
      queryFn: () => {
        fetches[name] = (fetches[name] ?? 0) + 1;
        return data;
      },
    });
    observer.subscribe(() => undefined);
  };
  const other = makeQuest('q2');
  const list: InfiniteData<QuestList> = {
    pages: [{ items: [other, quest], nextCursor: null, activeLimit: { used: 2, max: 5 } }],
    pageParams: [null],
  };
  const calendar: QuestCalendar = {
    days: [{ day: '2026-11-21', checkedIn: false, rest: true, tasksDone: 0 }],
  };
  watch(questKeys.detail(quest.id), quest);
  watch(questKeys.list('active'), list);
  watch(questKeys.calendar(quest.id), calendar);
  watch(questKeys.leaderboard(quest.id), { participants: [] });
  watch(accountKeys.of('u1'), { id: 'u1' });
  // A query of another feature that shows check-ins (the activity timeline), not on screen.
  client.getQueryCache().build(client, { queryKey: ['timeline'], ...reflects('check-ins') });
  client.setQueryData(['timeline'], { pages: [], pageParams: [] });
  return { client, fetches, other };
}

const checkedIn = (quest: Quest): Quest => ({
  ...quest,
  viewer: { ...viewer, checkedInToday: true, canCheckInToday: false, canUndoToday: true },
});

describe('applyCheckIn', () => {
  it('puts the answer in the cache and refetches nothing on a solo quest', async () => {
    const before = makeQuest('q1');
    const { client, fetches, other } = setUp(before);
    const after = checkedIn(before);
    applyCheckIn(client, after, { day: '2026-11-23', checkedIn: true, tasksDone: 0 });
    await new Promise((resolve) => setTimeout(resolve, 10));

    expect(client.getQueryData(questKeys.detail('q1'))).toEqual(after);
    const list = client.getQueryData<InfiniteData<QuestList>>(questKeys.list('active'));
    expect(list?.pages[0]?.items).toEqual([other, after]);
    expect(client.getQueryData<QuestCalendar>(questKeys.calendar('q1'))?.days).toEqual([
      { day: '2026-11-21', checkedIn: false, rest: true, tasksDone: 0 },
      { day: '2026-11-23', checkedIn: true, rest: false, tasksDone: 0 },
    ]);
    expect(Object.values(fetches).every((count) => count === 0)).toBe(true);
    // Stale for next time: the account's stats and the timeline, not refetched now.
    expect(client.getQueryState(accountKeys.of('u1'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(['timeline'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(questKeys.leaderboard('q1'))?.isInvalidated).toBe(false);
  });

  it('refetches the leaderboard of a shared quest, and only that', async () => {
    const before = makeQuest('q1', { allowOthersToJoin: true, participantCount: 3 });
    const { client, fetches } = setUp(before);
    applyCheckIn(client, checkedIn(before), { day: '2026-11-23', checkedIn: true, tasksDone: 0 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(Object.entries(fetches).filter(([, count]) => count > 0)).toEqual([
      [questKeys.leaderboard('q1').join('/'), 1],
    ]);
  });

  it('clears the day on undo and keeps a rest day a rest day', () => {
    const before = makeQuest('q1');
    const { client } = setUp(before);
    applyCheckIn(client, before, { day: '2026-11-21', checkedIn: false, tasksDone: 0 });
    expect(client.getQueryData<QuestCalendar>(questKeys.calendar('q1'))?.days).toEqual([
      { day: '2026-11-21', checkedIn: false, rest: true, tasksDone: 0 },
    ]);
  });
});
