import { notBlockedBetween } from '../../people/index.js';

/**
 * Who may see a quest (docs/product/quests.md), written once, in SQL, for every query that
 * needs it (a quest page, a list, the activity timeline): anyone when it is public; otherwise
 * its owner, the people on it, and, for a vibers quest, the owner's mutual vibers: people the
 * owner vibes with who vibe with the owner too. One vibe from a stranger unlocks nothing, and an
 * owner who removes a viber (or stops vibing with them) shuts them out at once.
 * `quest` is the alias of a quests row, `viewer` a uuid expression (NULL for a visitor).
 * A quest someone may not see is "not found" to them, never "forbidden".
 * Blocking (docs/product/blocking.md): the quests of someone blocked either way are hidden, as if
 * not there, unless one is already on the quest (leaving it stays one's own choice).
 */
export function questVisibleTo(quest: string, viewer: string): string {
  return `((${viewer} IS NOT NULL AND (
      ${quest}.owner_id = ${viewer}
      OR EXISTS (SELECT 1 FROM quest_participants vis_p
                  WHERE vis_p.quest_id = ${quest}.id AND vis_p.user_id = ${viewer}
                    AND vis_p.status = 'active')))
    OR ((${quest}.visibility = 'public'
         OR (${viewer} IS NOT NULL AND ${quest}.visibility = 'vibers'
             AND ${vibeMutually(`${quest}.owner_id`, viewer)}))
        AND ${notBlockedBetween(viewer, `${quest}.owner_id`)}))`;
}

/** True when `a` and `b` (uuid expressions) vibe with each other, both ways. */
export function vibeMutually(a: string, b: string): string {
  return `(EXISTS (SELECT 1 FROM vibing_with mv_ab WHERE mv_ab.user_id = ${a} AND mv_ab.target_id = ${b})
    AND EXISTS (SELECT 1 FROM vibing_with mv_ba WHERE mv_ba.user_id = ${b} AND mv_ba.target_id = ${a}))`;
}
