import { Logo } from '../../components/ui/logo';
import { PendingOutlet, Redirect } from '../../components/ui/route-pending';
import { selectSuspension, useAuthStore } from '../../lib/auth/use-auth-store';

/**
 * The frame of a suspended person's one screen (docs/product/safety.md): no header links, no
 * bottom bar. It is theirs only: anyone else goes where they belong.
 */
export function SuspendedLayout() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const suspension = useAuthStore(selectSuspension);

  if (!isAuthenticated) return <Redirect to="/login" replace />;
  if (!suspension) return <Redirect to="/" replace />;

  return (
    <div className="public-layout">
      <header className="public-layout__header">
        <span className="public-layout__logo">
          <Logo size={40} />
        </span>
      </header>
      <main id="main" className="public-layout__main">
        <PendingOutlet />
      </main>
    </div>
  );
}
