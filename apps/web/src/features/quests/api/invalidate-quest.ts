import type { Quest } from '@doers/contract';
import type { QueryClient } from '@tanstack/react-query';
import { invalidateAccount } from '../../../lib/auth/use-account';
import { queryKeys } from '../../../lib/query-keys';

/**
 * After any write on a quest: everything that shows it is refetched, and the account too, whose
 * stats (active quests, streaks, check-ins) the server keeps in step with the quest.
 */
export function invalidateQuest(queryClient: QueryClient, id: string, fresh?: Quest): void {
  if (fresh) queryClient.setQueryData(queryKeys.quest(id), fresh);
  else void queryClient.invalidateQueries({ queryKey: queryKeys.quest(id) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.questLists });
  void queryClient.invalidateQueries({ queryKey: queryKeys.questCalendar(id) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.questLeaderboard(id) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.sharedQuest(id) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.activity });
  invalidateAccount(queryClient);
}
