import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Redirect } from '../../components/ui/route-pending';
import { selectSuspension, useAuthStore } from '../../lib/auth/use-auth-store';
import { firstScreenDrawn } from '../../lib/first-screen';
import { ErrorBoundary } from '../../features/errors';
import { SUSPENDED_PATH } from '../../features/safety';
import { GlobalOverlays } from '../components/global-overlays';
import { useSession } from '../session/use-session';

export function RootLayout() {
  useSession();
  useEffect(firstScreenDrawn, []);
  const { pathname } = useLocation();
  // A suspended person's session opens one screen, whatever the address (docs/product/safety.md).
  const suspended = useAuthStore(selectSuspension) !== null;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ErrorBoundary resetKey={pathname}>
        {suspended && pathname !== SUSPENDED_PATH ? (
          <Redirect to={SUSPENDED_PATH} replace />
        ) : (
          <Outlet />
        )}
      </ErrorBoundary>
      <GlobalOverlays />
      <ScrollRestoration />
    </>
  );
}
