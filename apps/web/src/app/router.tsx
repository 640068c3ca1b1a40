import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import {
  ForgotPasswordPage,
  InviteRedirect,
  LoginPage,
  RegisterPage,
  ResetPasswordPage,
} from '../features/auth';
import { ActivityPage } from '../features/activity';
import { NotFoundPage, RouteErrorScreen } from '../features/errors';
import {
  FirstQuestStep,
  InstallAppStep,
  OnboardingGate,
  UpcomingStep,
  WelcomeStep,
} from '../features/onboarding';
import { ProfilePage } from '../features/profile';
import { QrScanPage } from '../features/qr-scan';
import {
  CreateQuestPage,
  EditQuestPage,
  QuestDetailPage,
  QuestsPage,
  SharedQuestPage,
} from '../features/quests';
import { SettingsPage } from '../features/settings';
import { UPCOMING_SCREENS, UpcomingPage } from '../features/upcoming';
import { AppShell } from './layouts/app-shell';
import { OpenLayout } from './layouts/open-layout';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { wireSessionExpiry } from './session/wire-session-expiry';

/** Spec §2, every route. Screens still to be built render an honest "on its way" panel. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      { index: true, element: <Navigate to="/feed" replace /> },
      {
        element: <PublicLayout />,
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
          { path: 'qr-scan', element: <QrScanPage /> },
          { path: 'invite/:code', element: <InviteRedirect /> },
        ],
      },
      {
        path: 'onboarding',
        element: <OnboardingGate />,
        children: [
          { index: true, element: <Navigate to="install-app" replace /> },
          { path: 'install-app', element: <InstallAppStep /> },
          { path: 'welcome', element: <WelcomeStep /> },
          { path: 'profile-picture', element: <UpcomingStep step="profile-picture" /> },
          { path: 'interests', element: <UpcomingStep step="interests" /> },
          { path: 'voice-intro', element: <UpcomingStep step="voice-intro" /> },
          { path: 'first-quest', element: <FirstQuestStep /> },
        ],
      },
      {
        element: <AppShell />,
        children: [
          { path: 'profile', element: <ProfilePage /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'quests', element: <QuestsPage /> },
          { path: 'quests/create', element: <CreateQuestPage /> },
          { path: 'quests/:questId', element: <QuestDetailPage /> },
          { path: 'quests/:questId/edit', element: <EditQuestPage /> },
          { path: 'activity', element: <ActivityPage /> },
          ...UPCOMING_SCREENS.map((screen) => ({
            path: screen.path.slice(1),
            element: <UpcomingPage key={screen.path} screen={screen} />,
          })),
        ],
      },
      {
        // A quest's share link opens signed out too (public quests); signed in, in the shell.
        element: <OpenLayout />,
        children: [{ path: 'shared-quests/:questId', element: <SharedQuestPage /> }],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
wireSessionExpiry(router);
