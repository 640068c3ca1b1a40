import { lazy } from 'react';

/*
 * The public face of the tutorials: the overlay (app-wide) and the Help route. The overlay, its
 * steps' words and its spotlight load after the first paint, and only for someone signed in
 * (app/components/global-overlays.tsx): the sign-in page never downloads them.
 */
export { tutorialRoutes } from './routes';

/** The active tutorial over the app; render it inside `<Suspense>`. */
export const TutorialOverlay = lazy(() =>
  import('./components/tutorial-overlay').then((module) => ({
    default: module.TutorialOverlay,
  })),
);
