/**
 * What `unreadQuestRequests` counts (docs/product/notifications.md): pending requests to join
 * the owner's active quests, written once, in SQL, for every query that needs it. `owner` is a
 * uuid expression.
 */
export function pendingRequestsFor(owner: string): string {
  return `(SELECT count(*)::int FROM quest_requests pr JOIN quests pq ON pq.id = pr.quest_id
    WHERE pq.owner_id = ${owner} AND pr.status = 'pending' AND pq.status = 'active')`;
}
