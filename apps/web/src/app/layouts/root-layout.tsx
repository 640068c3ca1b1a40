import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { ErrorBoundary } from '../../features/errors';
import { GlobalOverlays } from '../components/global-overlays';
import { useSession } from '../session/use-session';

export function RootLayout() {
  useSession();
  const { pathname } = useLocation();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ErrorBoundary resetKey={pathname}>
        <Outlet />
      </ErrorBoundary>
      <GlobalOverlays />
      <ScrollRestoration />
    </>
  );
}
