/**
 * Blocking in SQL, for every repository whose query must leave out people blocked either way
 * (posts, comments, quests, vibes, activity). `viewer` and `other` are uuid expressions (a
 * parameter such as `$1::uuid`, or a column). Each half is one index probe: "did the viewer
 * block them" on the primary key (blocker_id, blocked_id), "did they block the viewer" on
 * blocks_blocked_idx (blocked_id, blocker_id), unless the planner finds reading the whole table
 * once cheaper (a post fanned out to a thousand readers). A NULL viewer (a visitor) blocks no one.
 */
export function notBlockedBetween(viewer: string, other: string): string {
  return between(viewer, other, '');
}

/**
 * The same, always probed by key: for statements over a handful of rows (a batch of smiles, a
 * page of posts). Left to itself the planner may read and hash the whole blocks table once per
 * statement instead, cheaper in its estimate while the table is small; with 200 blocks that was
 * a third of a batch of smiles' statement on PostgreSQL, and it grows with every block anyone
 * makes. `OFFSET 0` keeps a sub-query from being turned into a hash (decision 10).
 */
export function notBlockedBetweenByKey(viewer: string, other: string): string {
  return between(viewer, other, ' OFFSET 0');
}

function between(viewer: string, other: string, tail: string): string {
  return `(NOT EXISTS (SELECT 1 FROM blocks blk_a
                        WHERE blk_a.blocker_id = ${viewer} AND blk_a.blocked_id = ${other}${tail})
       AND NOT EXISTS (SELECT 1 FROM blocks blk_b
                        WHERE blk_b.blocked_id = ${viewer} AND blk_b.blocker_id = ${other}${tail}))`;
}

/**
 * Everyone behind a block with the viewer, either way, as a set of ids (`… AS id`): to take their
 * part out of a figure kept for everyone (a post's smiles). Two index probes on the viewer
 * (the primary key and blocks_blocked_idx), whatever the size of the table.
 */
export function blockedEitherWayWith(viewer: string): string {
  return `(SELECT blk_a.blocked_id AS id FROM blocks blk_a WHERE blk_a.blocker_id = ${viewer}
           UNION SELECT blk_b.blocker_id FROM blocks blk_b WHERE blk_b.blocked_id = ${viewer})`;
}

/** Whether the viewer blocked anyone or anyone blocked them. */
export function behindAnyBlock(viewer: string): string {
  return `(EXISTS (SELECT 1 FROM blocks blk_c WHERE blk_c.blocker_id = ${viewer})
        OR EXISTS (SELECT 1 FROM blocks blk_d WHERE blk_d.blocked_id = ${viewer}))`;
}
