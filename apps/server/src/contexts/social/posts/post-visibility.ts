import { notBlockedBetween, notBlockedBetweenByKey } from '../../people/index.js';
import { vibeMutually } from '../../progress/index.js';

/**
 * Who may see a post (docs/product/posts-and-feed.md), written once in SQL for every query that
 * needs it (a post, a person's posts, the feed's re-check, reactions, Explore): nobody once a
 * moderator hid it (docs/product/safety.md); otherwise its author always; nobody blocked either
 * way with the author; a vibers post only the author's mutual vibers. `post` is the alias of a posts row, `viewer` a uuid expression. A post someone may not
 * see is "not found" to them, never "forbidden".
 */
export function postVisibleTo(post: string, viewer: string): string {
  return `(${post}.hidden_at IS NULL AND (${post}.author_id = ${viewer}
    OR (${notBlockedBetweenByKey(`${post}.author_id`, viewer)}
    AND (${post}.visibility = 'public' OR ${vibeMutually(`${post}.author_id`, viewer)}))))`;
}

/** True when neither of `a` and `b` (uuid expressions) blocked the other (the blocks module's rule). */
export function notBlockedEitherWay(a: string, b: string): string {
  return notBlockedBetween(a, b);
}
