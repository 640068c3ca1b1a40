import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import {
  ForgotPasswordPage,
  InviteRedirect,
  LoginPage,
  RegisterPage,
  ResetPasswordPage,
} from '../features/auth';
import { NotFoundPage, RouteErrorScreen } from '../features/errors';
import { InstallAppStep, OnboardingGate, UpcomingStep, WelcomeStep } from '../features/onboarding';
import { ProfilePage } from '../features/profile';
import { QrScanPage } from '../features/qr-scan';
import { SettingsPage } from '../features/settings';
import { UPCOMING_SCREENS, UpcomingPage } from '../features/upcoming';
import { AppShell } from './layouts/app-shell';
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
          { path: 'first-quest', element: <UpcomingStep step="first-quest" /> },
        ],
      },
      {
        element: <AppShell />,
        children: [
          { path: 'profile', element: <ProfilePage /> },
          { path: 'settings', element: <SettingsPage /> },
          ...UPCOMING_SCREENS.map((screen) => ({
            path: screen.path.slice(1),
            element: <UpcomingPage key={screen.path} screen={screen} />,
          })),
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
wireSessionExpiry(router);
