import type { RouteObject } from 'react-router';

const screens = () => import('./lazy');

/** Signed-in screens of this feature, composed by app/router.tsx into the shell. */
export const postRoutes: RouteObject[] = [
  { path: 'feed', lazy: async () => ({ Component: (await screens()).FeedPage }) },
  { path: 'posts/:postId', lazy: async () => ({ Component: (await screens()).PostPage }) },
  // The composer is a chunk of its own: the feed does not carry the recorder, nor it the feed.
  {
    path: 'post',
    lazy: async () => ({
      Component: (await import('./compose/routes/compose-page')).ComposePage,
    }),
  },
];
