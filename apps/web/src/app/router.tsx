import { createBrowserRouter, type RouteObject } from 'react-router';
import { Redirect } from '../components/ui/route-pending';
import { PageSpinner } from '../components/ui/spinner';
import { InviteRedirect, LoginPage, RegisterPage } from '../features/auth';
import { NotFoundPage, RouteErrorScreen } from '../features/errors';
import { OnboardingGate } from '../features/onboarding';
import { UPCOMING_PATHS } from '../features/upcoming';
import { AppShell } from './layouts/app-shell';
import { OpenLayout } from './layouts/open-layout';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { wireSessionExpiry } from './session/wire-session-expiry';

/*
 * The first load carries the layouts, sign-in and sign-up, and the 404 and maintenance screens;
 * every other screen is a route `lazy` that downloads its feature's chunk when first opened.
 * Meanwhile the page spinner shows: the root's hydrate fallback on a first visit, the layouts'
 * PendingOutlet on a navigation. A chunk that fails to load (say, removed by a deploy) is a route
 * error, so the root's errorElement shows the maintenance screen, whose retry reloads the app.
 */
const auth = () => import('../features/auth/lazy');
const onboarding = () => import('../features/onboarding/lazy');
const quests = () => import('../features/quests');
const upcoming = () => import('../features/upcoming/lazy');

/** Spec §2, every route. Screens still to be built render an honest "on its way" panel. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { index: true, element: <Redirect to="/feed" replace /> },
      {
        element: <PublicLayout />,
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
          {
            path: 'forgot-password',
            lazy: async () => ({ Component: (await auth()).ForgotPasswordPage }),
          },
          {
            path: 'reset-password',
            lazy: async () => ({ Component: (await auth()).ResetPasswordPage }),
          },
          {
            path: 'qr-scan',
            lazy: async () => ({ Component: (await import('../features/qr-scan')).QrScanPage }),
          },
          { path: 'invite/:code', element: <InviteRedirect /> },
        ],
      },
      {
        path: 'onboarding',
        element: <OnboardingGate />,
        children: [
          { index: true, element: <Redirect to="install-app" replace /> },
          {
            path: 'install-app',
            lazy: async () => ({ Component: (await onboarding()).InstallAppStep }),
          },
          { path: 'welcome', lazy: async () => ({ Component: (await onboarding()).WelcomeStep }) },
          ...(['profile-picture', 'interests', 'voice-intro'] as const).map((step) => ({
            path: step,
            lazy: async () => {
              const { UpcomingStep } = await onboarding();
              return { element: <UpcomingStep step={step} /> };
            },
          })),
          {
            path: 'first-quest',
            lazy: async () => ({ Component: (await onboarding()).FirstQuestStep }),
          },
        ],
      },
      {
        element: <AppShell />,
        children: [
          {
            path: 'profile',
            lazy: async () => ({ Component: (await import('../features/profile')).ProfilePage }),
          },
          {
            path: 'settings',
            lazy: async () => ({ Component: (await import('../features/settings')).SettingsPage }),
          },
          { path: 'quests', lazy: async () => ({ Component: (await quests()).QuestsPage }) },
          {
            path: 'quests/create',
            lazy: async () => ({ Component: (await quests()).CreateQuestPage }),
          },
          {
            path: 'quests/:questId',
            lazy: async () => ({ Component: (await quests()).QuestDetailPage }),
          },
          {
            path: 'quests/:questId/edit',
            lazy: async () => ({ Component: (await quests()).EditQuestPage }),
          },
          {
            path: 'activity',
            lazy: async () => ({ Component: (await import('../features/activity')).ActivityPage }),
          },
          ...UPCOMING_PATHS.map((path) => ({
            path: path.slice(1),
            lazy: async () => {
              const { UpcomingPage, upcomingScreen } = await upcoming();
              return { element: <UpcomingPage key={path} screen={upcomingScreen(path)} /> };
            },
          })),
        ],
      },
      {
        // A quest's share link opens signed out too (public quests); signed in, in the shell.
        element: <OpenLayout />,
        children: [
          {
            path: 'shared-quests/:questId',
            lazy: async () => ({ Component: (await quests()).SharedQuestPage }),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
wireSessionExpiry(router);
