import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Facts a write can change that queries of other features show. A feature that writes one
 * (quests: a check-in) invalidates the topic without knowing who shows it; a feature that shows
 * one (activity: the timeline) tags its query with it. Features then never depend on each other
 * in both directions just to keep a cache fresh.
 */
export type QueryTopic =
  | 'check-ins'
  /** A post was shared or deleted: the feed and the profiles' post lists. */
  | 'posts'
  /** A person's figures or where I stand with them changed (a vibe sent): their profile. */
  | 'people'
  /**
   * Someone was blocked or unblocked: profiles, the blocked-users list, the vibe lists (a block
   * also changes posts, check-ins and quests: the blocking screens invalidate those too).
   */
  | 'blocks';

/** Spread into a query's options: `useQuery({ ...reflects('check-ins'), … })`. */
export function reflects(...topics: QueryTopic[]) {
  return { meta: { topics } };
}

function topicsOf(meta: Record<string, unknown> | undefined): readonly unknown[] {
  const topics = meta?.['topics'];
  return Array.isArray(topics) ? topics : [];
}

/**
 * Invalidates every query tagged with `topic`. `refetchType: 'none'` only marks them stale: they
 * refetch when next shown (queries that show a topic refetch on mount when stale).
 */
export function invalidateTopic(
  queryClient: QueryClient,
  topic: QueryTopic,
  refetchType: 'active' | 'none' = 'active',
): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => topicsOf(query.meta).includes(topic),
    refetchType,
  });
}

/** The keys of the cached queries tagged with `topic` (for tests and debugging). */
export function keysReflecting(queryClient: QueryClient, topic: QueryTopic): QueryKey[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => topicsOf(query.meta).includes(topic))
    .map((query) => query.queryKey);
}
