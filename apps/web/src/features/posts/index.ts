import { lazy } from 'react';

/*
 * The public face of the posts feature: what the router and other features (the composer,
 * Explore, profile posts) may use. It stays light (the app's first load imports it): the card
 * and the screens load on demand from lazy.ts.
 */
export { postKeys } from './post-keys';
export { postRoutes } from './routes';
export {
  useSmileToggle,
  useHumToggle,
  useVibeFromPost,
  useDeletePost,
  useBlockAuthor,
} from './api/use-reactions';
export { patchPost, removePostEverywhere, removeAuthorEverywhere } from './api/post-cache-updates';
export { applyFeedNews, refreshPost } from './api/stream-updates';
export { timeAgo } from './lib/time-ago';
export { POST_TUTORIAL_MARKERS } from './lib/tutorial-markers';

/** A post as a card: `<PostCard post={post} />`; render it inside `<Suspense>`. */
export const PostCard = lazy(() =>
  import('./lazy').then((module) => ({ default: module.PostCard })),
);
