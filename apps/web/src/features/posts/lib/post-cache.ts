import type { Post, PostCounts, PostViewer } from '@doers/contract';

/*
 * Pure helpers over whatever a query holds: a post, a page of posts, infinite pages of them, or
 * anything else. They find posts by shape (id, author, counts, viewer) so one reaction updates
 * the same post in the feed, on its own page, on a profile and in Explore without knowing their
 * keys. Untouched branches keep their identity, so unchanged queries do not re-render.
 */

export function isPost(value: unknown): value is Post {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate['id'] === 'string' &&
    typeof candidate['author'] === 'object' &&
    typeof candidate['counts'] === 'object' &&
    typeof candidate['viewer'] === 'object'
  );
}

/** Every post in `data` that `match` picks is replaced with `update(post)`. */
export function mapPosts(
  data: unknown,
  match: (post: Post) => boolean,
  update: (post: Post) => Post,
): unknown {
  if (isPost(data)) return match(data) ? update(data) : data;
  if (Array.isArray(data)) {
    let changed = false;
    const next = data.map((item) => {
      const mapped = mapPosts(item, match, update);
      if (mapped !== item) changed = true;
      return mapped;
    });
    return changed ? next : data;
  }
  if (typeof data === 'object' && data !== null) {
    let changed = false;
    const next: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(data)) {
      const mapped = mapPosts(value, match, update);
      if (mapped !== value) changed = true;
      next[key] = mapped;
    }
    return changed ? next : data;
  }
  return data;
}

/** Posts that `match` picks leave every list they are in (a post standing alone stays). */
export function withoutPosts(data: unknown, match: (post: Post) => boolean): unknown {
  if (Array.isArray(data)) {
    let changed = false;
    const next: unknown[] = [];
    for (const item of data) {
      if (isPost(item) && match(item)) {
        changed = true;
        continue;
      }
      const mapped = withoutPosts(item, match);
      if (mapped !== item) changed = true;
      next.push(mapped);
    }
    return changed ? next : data;
  }
  if (typeof data === 'object' && data !== null && !isPost(data)) {
    let changed = false;
    const next: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(data)) {
      const mapped = withoutPosts(value, match);
      if (mapped !== value) changed = true;
      next[key] = mapped;
    }
    return changed ? next : data;
  }
  return data;
}

/** The first post with this id anywhere in `data`, as it is now. */
export function findPost(data: unknown, postId: string): Post | undefined {
  if (isPost(data)) return data.id === postId ? data : undefined;
  const children = Array.isArray(data)
    ? data
    : typeof data === 'object' && data !== null
      ? Object.values(data)
      : [];
  for (const child of children) {
    const found = findPost(child, postId);
    if (found) return found;
  }
  return undefined;
}

export type ReactionKind = 'smile' | 'hum';

/** A smile or hum toggled on (or off) as the viewer expects it to land. */
export function toggledReaction(post: Post, kind: ReactionKind, on: boolean): Post {
  const mark: keyof PostViewer = kind === 'smile' ? 'smiled' : 'hummed';
  const count: keyof PostCounts = kind === 'smile' ? 'smiles' : 'hums';
  if (post.viewer[mark] === on) return post;
  return {
    ...post,
    viewer: { ...post.viewer, [mark]: on },
    counts: { ...post.counts, [count]: Math.max(0, post.counts[count] + (on ? 1 : -1)) },
  };
}

/** The server's word after a toggle: its counts and the viewer's marks. */
export function withReactionState(
  post: Post,
  state: { smiled: boolean; hummed: boolean; counts: PostCounts },
): Post {
  return {
    ...post,
    viewer: { ...post.viewer, smiled: state.smiled, hummed: state.hummed },
    counts: state.counts,
  };
}

/** Puts back one field set (counts, marks) as it was before a refused write. */
export function restoredReaction(post: Post, before: Pick<Post, 'counts' | 'viewer'>): Post {
  return { ...post, counts: before.counts, viewer: before.viewer };
}

/** One more (or fewer) of a count: a vibe sent from a post, a comment added or deleted. */
export function withCount(post: Post, count: keyof PostCounts, delta: number): Post {
  return { ...post, counts: { ...post.counts, [count]: Math.max(0, post.counts[count] + delta) } };
}
