/**
 * Blocking in SQL, for every repository whose query must leave out people blocked either way
 * (posts, comments, quests, vibes, activity). `viewer` and `other` are uuid expressions (a
 * parameter such as `$1::uuid`, or a column). Each half is one index probe: "did the viewer
 * block them" on the primary key (blocker_id, blocked_id), "did they block the viewer" on
 * blocks_blocked_idx (blocked_id, blocker_id). A NULL viewer (a visitor) blocks no one.
 */
export function notBlockedBetween(viewer: string, other: string): string {
  return `(NOT EXISTS (SELECT 1 FROM blocks blk_a
                        WHERE blk_a.blocker_id = ${viewer} AND blk_a.blocked_id = ${other})
       AND NOT EXISTS (SELECT 1 FROM blocks blk_b
                        WHERE blk_b.blocked_id = ${viewer} AND blk_b.blocker_id = ${other}))`;
}
