/**
 * The query keys of the posts feature, all under 'posts'. A list of posts anywhere in the app
 * (Explore, a profile) may use its own key: reactions patch every cached post by its id
 * (lib/post-cache.ts), wherever it is held.
 */
export const postKeys = {
  all: ['posts'] as const,
  /** The signed-in person's feed (infinite pages). */
  feed: ['posts', 'feed'] as const,
  /** The feed's newest post alone, polled for the "New posts" pill. */
  feedHead: ['posts', 'feed-head'] as const,
  detail: (postId: string) => ['posts', 'detail', postId] as const,
  /** Someone's posts, as `GET /users/{id}/posts` answers them (infinite pages). */
  ofUser: (userId: string) => ['posts', 'user', userId] as const,
  smiles: (postId: string) => ['posts', 'smiles', postId] as const,
  hums: (postId: string) => ['posts', 'hums', postId] as const,
  comments: (postId: string) => ['posts', 'comments', postId] as const,
};
