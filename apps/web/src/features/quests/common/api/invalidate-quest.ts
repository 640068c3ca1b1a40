import type { Quest } from '@doers/contract';
import type { QueryClient } from '@tanstack/react-query';
import { invalidateAccount } from '../../../../lib/auth/use-account';
import { invalidateTopic } from '../../../../lib/query-topics';
import { questKeys } from '../../quest-keys';

/**
 * After a write that reshapes a quest (create, edit, end, join, leave, a refused check-in):
 * everything that shows it is refetched, and the account too, whose stats (active quests,
 * streaks) the server keeps in step. A check-in changes far less: see apply-check-in.ts.
 */
export function invalidateQuest(queryClient: QueryClient, id: string, fresh?: Quest): void {
  if (fresh) queryClient.setQueryData(questKeys.detail(id), fresh);
  else void queryClient.invalidateQueries({ queryKey: questKeys.detail(id) });
  for (const queryKey of [
    questKeys.lists,
    questKeys.calendar(id),
    questKeys.leaderboard(id),
    questKeys.shared(id),
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
  void invalidateTopic(queryClient, 'check-ins');
  invalidateAccount(queryClient);
}

/** After a delete or a leave: the quest is gone for this person. */
export function forgetQuest(queryClient: QueryClient, id: string): void {
  queryClient.removeQueries({ queryKey: questKeys.detail(id) });
  invalidateQuest(queryClient, id);
}
