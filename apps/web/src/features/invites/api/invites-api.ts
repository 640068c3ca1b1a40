import { referralsApi } from '@doers/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invitesKeys } from '../invites-keys';

/**
 * My code, invite link and this month's quota. Read again whenever the screen shows or the app
 * comes back to the front: someone may have joined with my code meanwhile.
 */
export function useMyInvites() {
  return useQuery({
    queryKey: invitesKeys.mine,
    queryFn: ({ signal }) => api.call(referralsApi.mine, { signal }),
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
  });
}

/** The people who joined with my code, newest first. */
export function useReferredPeople() {
  return useInfiniteQuery({
    queryKey: invitesKeys.people,
    queryFn: ({ pageParam, signal }) =>
      api.call(referralsApi.referred, { query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
  });
}
