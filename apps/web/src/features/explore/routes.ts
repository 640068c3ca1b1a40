import type { RouteObject } from 'react-router';

const screens = () => import('./lazy');

/** Signed-in screens of Explore, composed by app/router.tsx into the shell. */
export const exploreRoutes: RouteObject[] = [
  { path: 'search', lazy: async () => ({ Component: (await screens()).SearchPage }) },
  {
    path: 'explore/feed/:postId',
    lazy: async () => ({ Component: (await screens()).SwipeFeedPage }),
  },
];
