import type { QueryClient } from '@tanstack/react-query';
import { invalidateAccount } from '../auth/use-account';
import { invalidateTopic, type QueryTopic } from '../query-topics';
import type { QueueItemType } from './queue-item';

/**
 * What a replayed action makes stale, by the root of the features' query keys (each feature keeps
 * its keys under its name: 'posts', 'quests', …) and by topic. A post: posts and the feed; a
 * check-in: quests and activity; a smile or a comment: posts; a hum: the hum lists, which live
 * under posts; a vibe: vibes and the feed; a DM: messages.
 */
const STALE: Record<QueueItemType, { roots: string[]; topics: QueryTopic[]; account?: true }> = {
  post: { roots: ['posts'], topics: ['posts'], account: true },
  checkin: { roots: ['quests', 'activity'], topics: ['check-ins'] },
  smile: { roots: ['posts'], topics: [] },
  hum: { roots: ['posts'], topics: [] },
  vibe: { roots: ['vibes', 'posts'], topics: ['people'] },
  comment: { roots: ['posts'], topics: [] },
  dm: { roots: ['dms'], topics: [] },
};

export function invalidateAfterReplay(queryClient: QueryClient, type: QueueItemType): void {
  const { roots, topics, account } = STALE[type];
  for (const root of roots) void queryClient.invalidateQueries({ queryKey: [root] });
  for (const topic of topics) void invalidateTopic(queryClient, topic);
  if (account) invalidateAccount(queryClient);
}
