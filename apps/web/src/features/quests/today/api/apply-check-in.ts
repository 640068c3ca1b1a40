import type { Quest, QuestCalendar, QuestList } from '@doers/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { accountKeys } from '../../../../lib/auth/account-keys';
import { invalidateTopic } from '../../../../lib/query-topics';
import { questKeys } from '../../quest-keys';
import { showsParticipants } from '../../common/lib/quest-facts';
import { withCalendarDay, withQuestInPages, type CalendarChange } from '../lib/check-in-cache';

/**
 * What a check-in (or its undo) changed, and nothing more. The answer carries the updated quest:
 * it goes into the cache as the quest and as its card in every list, and the calendar gets its
 * one day, so none of them is fetched again. Only what the answer cannot tell is invalidated:
 * the leaderboard of a shared quest (refetched now, it is on the page), and, marked stale for
 * when they are next shown, the quest's public face, the account's stats and whatever shows
 * check-ins (the activity timeline; see lib/query-topics.ts).
 */
export function applyCheckIn(queryClient: QueryClient, quest: Quest, change: CalendarChange) {
  queryClient.setQueryData(questKeys.detail(quest.id), quest);
  queryClient.setQueriesData<InfiniteData<QuestList>>({ queryKey: questKeys.lists }, (data) =>
    withQuestInPages(data, quest),
  );
  queryClient.setQueryData<QuestCalendar>(questKeys.calendar(quest.id), (calendar) =>
    withCalendarDay(calendar, change),
  );
  if (showsParticipants(quest)) {
    void queryClient.invalidateQueries({ queryKey: questKeys.leaderboard(quest.id) });
  }
  for (const queryKey of [questKeys.shared(quest.id), accountKeys.all]) {
    void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
  }
  void invalidateTopic(queryClient, 'check-ins', 'none');
}
