import type { User } from '@doers/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useFirstScreenPainted } from '../first-screen';
import { accountKeys } from './account-keys';
import { fetchOwnUser } from './auth-api';
import { selectSignedInUserId, useAuthStore } from './use-auth-store';

/**
 * The signed-in person's own User (name, limits, stats, preferences): one query, the only copy
 * in the app. Every screen that shows part of it reads it here; every write that changes it sets
 * or invalidates it (see `invalidateAccount`). Disabled for a visitor; asked once the first
 * screen has painted, which on a cold start is the feed's posts, not the account.
 */
export function useAccount() {
  return useQuery({
    ...useAccountQuery(),
    // Stats move with every quest write; a screen opened later asks again if they went stale.
    refetchOnMount: true,
  });
}

/** The account's query, as every reader of it asks. */
function useAccountQuery() {
  const userId = useAuthStore(selectSignedInUserId);
  const painted = useFirstScreenPainted();
  return {
    queryKey: accountKeys.of(userId ?? ''),
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchOwnUser(signal),
    enabled: userId !== null && painted,
  };
}

/** After a write the server reflects in the account (stats, limits): refetch where it shows. */
export function invalidateAccount(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: accountKeys.all });
}

/** When a write answers with the fresh User itself. */
export function setAccount(queryClient: QueryClient, account: User): void {
  queryClient.setQueryData(accountKeys.of(account.id), account);
}

/**
 * Settings → Accessibility's "Always show transcripts", for every voice player. Reads the
 * account as cached without asking again on each player's mount (useAccount does the asking).
 */
export function useAlwaysShowTranscripts(): boolean {
  const query = useQuery({
    ...useAccountQuery(),
    select: (account) => account.alwaysShowTranscripts,
  });
  return query.data ?? false;
}
