import { Link, useLocation } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { PendingOutlet, Redirect } from '../../components/ui/route-pending';
import { PageSpinner } from '../../components/ui/spinner';
import { selectNeedsOnboarding, useAuthStore } from '../../lib/auth/use-auth-store';
import { ShellFrame } from '../components/shell-frame';

/**
 * Screens that open for everyone (the share link of a quest, /shared-quests/{id}): inside the
 * app's shell when signed in, in a light public frame with a way to sign in when not.
 */
export function OpenLayout() {
  const hydrated = useAuthStore.persist.hasHydrated();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const needsOnboarding = useAuthStore(selectNeedsOnboarding);
  const location = useLocation();

  if (!hydrated) return <PageSpinner label="Loading" />;
  if (isAuthenticated) {
    // Signed-in people who still need onboarding are held there (docs/product/onboarding.md).
    return needsOnboarding ? <Redirect to="/onboarding" replace /> : <ShellFrame />;
  }

  return (
    <div className="visitor-layout">
      <header className="visitor-layout__header">
        <div className="visitor-layout__inner">
          <Link to="/login" className="app-header__logo" aria-label="Doers, sign in">
            <Logo size={30} />
          </Link>
          <ButtonLink
            to="/login"
            variant="secondary"
            className="btn--small"
            state={{ from: location.pathname }}
          >
            Sign in
          </ButtonLink>
        </div>
      </header>
      <main id="main" className="visitor-layout__main">
        <PendingOutlet />
      </main>
    </div>
  );
}
