import type { RouteObject } from 'react-router';
import { InviteRedirect } from './routes/invite-redirect';
import { LoginPage } from './routes/login-page';
import { RegisterPage } from './routes/register-page';

const screens = () => import('./lazy');

/**
 * Public screens of this feature, composed by app/router.tsx into the public group. Sign-in and
 * sign-up are the first screens most people see, so they ship in the first load.
 */
export const authRoutes: RouteObject[] = [
  { path: 'login', element: <LoginPage /> },
  { path: 'register', element: <RegisterPage /> },
  {
    path: 'forgot-password',
    lazy: async () => ({ Component: (await screens()).ForgotPasswordPage }),
  },
  {
    path: 'reset-password',
    lazy: async () => ({ Component: (await screens()).ResetPasswordPage }),
  },
  { path: 'invite/:code', element: <InviteRedirect /> },
];
