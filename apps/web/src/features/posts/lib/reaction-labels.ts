import type { Post } from '@doers/contract';

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The accessible names of a card's buttons: the action and its count, so a screen reader hears
 * "Smile, 3 smiles" (and "pressed" from aria-pressed when it is mine).
 */
export function reactionLabels(post: Post) {
  return {
    smile: `Smile, ${count(post.counts.smiles, 'smile', 'smiles')}`,
    hum: `Hum, ${count(post.counts.hums, 'hum', 'hums')}`,
    vibe: `Send a vibe, ${count(post.counts.vibes, 'vibe', 'vibes')}`,
    comment: `Comments, ${count(post.counts.comments, 'comment', 'comments')}`,
  };
}

/** Why the hum button does nothing, or null when it can hum (or un-hum). */
export function humBlockedReason(post: Post): string | null {
  if (post.viewer.canHum || post.viewer.hummed) return null;
  if (post.viewer.isAuthor) return "You can't hum your own post.";
  if (post.visibility === 'vibers') return 'Only public posts can be hummed.';
  return "This post can't be hummed.";
}
