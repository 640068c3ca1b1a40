import { exploreApi, usersApi } from '@doers/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { exploreKeys } from '../explore-keys';

/**
 * Search results for `q` (already debounced and trimmed; empty asks nothing). The last results
 * stay on screen while the next ones load; a request for text typed over is aborted (its query
 * loses its last observer and TanStack Query aborts the signal).
 */
export function useSearch(q: string) {
  return useQuery({
    queryKey: exploreKeys.search(q),
    queryFn: ({ signal }) => api.call(exploreApi.search, { query: { q }, signal }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The seeded interests, for the grid's filter chips: they change with a release, not a day. */
export function useInterests() {
  return useQuery({
    queryKey: exploreKeys.interests,
    queryFn: ({ signal }) => api.call(usersApi.interests, { signal }),
    staleTime: Infinity,
    select: (response) => response.interests,
  });
}
