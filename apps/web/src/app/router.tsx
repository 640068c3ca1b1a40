import { createBrowserRouter, type DataRouter, type RouteObject } from 'react-router';
import { Redirect } from '../components/ui/route-pending';
import { PageSpinner } from '../components/ui/spinner';
import { activityRoutes } from '../features/activity';
import { dmsRoutes } from '../features/dms';
import { authRoutes } from '../features/auth';
import { NotFoundPage, RouteErrorScreen } from '../features/errors';
import { notificationsRoutes } from '../features/notifications';
import { exploreRoutes } from '../features/explore';
import { OnboardingGate, onboardingRoutes } from '../features/onboarding';
import { postRoutes } from '../features/posts';
import { profileRoutes } from '../features/profile';
import { qrScanRoutes } from '../features/qr-scan';
import { questRoutes, sharedQuestRoutes } from '../features/quests';
import { safetyRoutes, suspendedRoutes } from '../features/safety';
import { settingsRoutes } from '../features/settings';
import { tutorialRoutes } from '../features/tutorials';
import { invitesRoutes } from '../features/invites';
import { leaderboardRoutes } from '../features/leaderboard';
import { legalRoutes } from '../features/legal';
import { statsRoutes } from '../features/stats';
import { supportTierRoutes } from '../features/support-tier';
import { vibesRoutes } from '../features/vibes';
import { AppShell } from './layouts/app-shell';
import { OpenLayout } from './layouts/open-layout';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { SuspendedLayout } from './layouts/suspended-layout';
import { wireSessionExpiry } from './session/wire-session-expiry';

/*
 * The app decides the route groups (public, onboarding, signed-in, open) and their layouts; each
 * feature brings its own route objects. The first load carries the layouts, sign-in and sign-up,
 * and the 404 and maintenance screens; every other screen is a route `lazy` (in the feature's
 * routes file) that downloads its feature's chunk when first opened. Meanwhile the page spinner
 * shows: the root's hydrate fallback on a first visit, the layouts' PendingOutlet on a
 * navigation. A chunk that fails to load (say, removed by a deploy) is a route error, so the
 * root's errorElement shows the maintenance screen, whose retry reloads the app.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { index: true, element: <Redirect to="/feed" replace /> },
      { element: <PublicLayout />, children: [...authRoutes, ...qrScanRoutes] },
      { path: 'onboarding', element: <OnboardingGate />, children: onboardingRoutes },
      {
        element: <AppShell />,
        children: [
          ...postRoutes,
          ...exploreRoutes,
          ...profileRoutes,
          ...settingsRoutes,
          ...tutorialRoutes,
          ...questRoutes,
          ...activityRoutes,
          ...vibesRoutes,
          ...leaderboardRoutes,
          ...statsRoutes,
          ...supportTierRoutes,
          ...invitesRoutes,
          ...dmsRoutes,
          ...notificationsRoutes,
          ...safetyRoutes,
        ],
      },
      // A suspended person's one screen, and theirs only.
      { element: <SuspendedLayout />, children: suspendedRoutes },
      // Open to everyone: inside the shell when signed in, in a light frame when not.
      { element: <OpenLayout />, children: [...sharedQuestRoutes, ...legalRoutes] },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The app's router, made once at start (main.tsx): a task of its own on a slow phone. */
export function createAppRouter(): DataRouter {
  const router = createBrowserRouter(routes);
  wireSessionExpiry(router);
  return router;
}
