/**
 * Who may see a quest (docs/product/quests.md), written once, in SQL, for every query that
 * needs it (a quest page, a list, the activity timeline): anyone when it is public; otherwise
 * its owner, the people on it, and, for a vibers quest, the people who vibe with its owner.
 * `quest` is the alias of a quests row, `viewer` a uuid expression (NULL for a visitor).
 * A quest someone may not see is "not found" to them, never "forbidden".
 */
export function questVisibleTo(quest: string, viewer: string): string {
  return `(${quest}.visibility = 'public' OR (${viewer} IS NOT NULL AND (
    ${quest}.owner_id = ${viewer}
    OR EXISTS (SELECT 1 FROM quest_participants vis_p
                WHERE vis_p.quest_id = ${quest}.id AND vis_p.user_id = ${viewer}
                  AND vis_p.status = 'active')
    OR (${quest}.visibility = 'vibers'
        AND EXISTS (SELECT 1 FROM vibing_with vis_v
                     WHERE vis_v.user_id = ${viewer} AND vis_v.target_id = ${quest}.owner_id)))))`;
}
