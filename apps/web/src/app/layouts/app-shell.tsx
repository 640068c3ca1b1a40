import { useLocation } from 'react-router';
import { Redirect } from '../../components/ui/route-pending';
import { PageSpinner } from '../../components/ui/spinner';
import { selectNeedsOnboarding, useAuthStore } from '../../lib/auth/use-auth-store';
import { ShellFrame } from '../components/shell-frame';

/**
 * The signed-in group (docs/product/app-shell.md): guard, header, content column and bottom
 * navigation.
 */
export function AppShell() {
  const hydrated = useAuthStore.persist.hasHydrated();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const needsOnboarding = useAuthStore(selectNeedsOnboarding);
  const location = useLocation();

  if (!hydrated) return <PageSpinner label="Loading your account" />;
  if (!isAuthenticated) {
    return <Redirect to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  // Signed-in people who still need onboarding are held there (docs/product/onboarding.md).
  if (needsOnboarding) return <Redirect to="/onboarding" replace />;

  return <ShellFrame />;
}
