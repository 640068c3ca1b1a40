import type { RouteObject } from 'react-router';
import { nextTask } from '../../lib/next-task';
import { queryClient } from '../../lib/query-client';

const screens = () => import('./lazy');

/**
 * The feed's screen; on a cold start, once the first page index.html asked for is in too, and a
 * task later: checking that page and drawing the screen are then two tasks, not one long one.
 */
async function feedScreen() {
  const { FeedPage, earlyFeedLoaded } = await screens();
  await earlyFeedLoaded(queryClient);
  await nextTask();
  return { Component: FeedPage };
}

/** A post's screen; on a cold start, as the feed's, once the post index.html asked for is in. */
async function postScreen() {
  const { PostPage, earlyPostLoaded } = await screens();
  await earlyPostLoaded(queryClient);
  await nextTask();
  return { Component: PostPage };
}

/** Signed-in screens of this feature, composed by app/router.tsx into the shell. */
export const postRoutes: RouteObject[] = [
  { path: 'feed', lazy: feedScreen },
  { path: 'posts/:postId', lazy: postScreen },
  // The composer is a chunk of its own: the feed does not carry the recorder, nor it the feed.
  {
    path: 'post',
    lazy: async () => ({
      Component: (await import('./compose/routes/compose-page')).ComposePage,
    }),
  },
];
