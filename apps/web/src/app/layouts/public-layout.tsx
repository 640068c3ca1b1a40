import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { PendingOutlet, Redirect } from '../../components/ui/route-pending';
import {
  selectNeedsOnboarding,
  selectSignedInUserId,
  useAuthStore,
} from '../../lib/auth/use-auth-store';
import { returnPath } from '../session/return-path';

/**
 * Public screens (sign-in, sign-up, password reset, QR). A signed-in person has no business
 * here: they go to onboarding if it is unfinished, else to their feed (docs/product/app-shell.md).
 */
export function PublicLayout() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const needsOnboarding = useAuthStore(selectNeedsOnboarding);
  const userId = useAuthStore(selectSignedInUserId);
  const location = useLocation();

  if (isAuthenticated) {
    const target = needsOnboarding
      ? '/onboarding'
      : (returnPath(location.state, userId) ?? '/feed');
    return <Redirect to={target} replace />;
  }

  return (
    <div className="public-layout">
      <header className="public-layout__header">
        <Link to="/login" className="public-layout__logo" aria-label="Doers, sign in">
          <Logo size={40} />
        </Link>
        <p className="public-layout__tagline">Social media for doers, not viewers.</p>
      </header>
      <main id="main" className="public-layout__main">
        <PendingOutlet />
      </main>
    </div>
  );
}
