import type { RouteObject } from 'react-router';
import { Redirect } from '../../components/ui/route-pending';

const steps = () => import('./lazy');

/** The steps under /onboarding, composed by app/router.tsx inside the onboarding gate. */
export const onboardingRoutes: RouteObject[] = [
  { index: true, element: <Redirect to="install-app" replace /> },
  { path: 'install-app', lazy: async () => ({ Component: (await steps()).InstallAppStep }) },
  { path: 'welcome', lazy: async () => ({ Component: (await steps()).WelcomeStep }) },
  {
    path: 'profile-picture',
    lazy: async () => ({ Component: (await steps()).ProfilePictureStep }),
  },
  { path: 'interests', lazy: async () => ({ Component: (await steps()).InterestsStep }) },
  { path: 'voice-intro', lazy: async () => ({ Component: (await steps()).VoiceIntroStep }) },
  { path: 'first-quest', lazy: async () => ({ Component: (await steps()).FirstQuestStep }) },
];
