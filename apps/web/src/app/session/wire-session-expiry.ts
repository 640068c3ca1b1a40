import type { DataRouter } from 'react-router';
import { api } from '../../lib/api';
import { signInNotice } from '../../lib/auth/sign-in-notice';
import { useAuthStore } from '../../lib/auth/use-auth-store';
import { toast } from '../../lib/toast-store';
import type { ReturnState } from './return-path';

/**
 * A failed refresh signs the person out everywhere in the app and lands on /login with a
 * toast, and a notice the sign-in page keeps (docs/product/app-shell.md). It fires once until the next sign-in (parallel requests all
 * fail at once). Where they were is kept, so signing in again as the same person takes them back
 * there.
 */
export function wireSessionExpiry(router: DataRouter): void {
  let handled = false;
  useAuthStore.subscribe((state, previous) => {
    if (state.isAuthenticated && !previous.isAuthenticated) handled = false; // signed in again
  });

  api.setSessionExpiredHandler((message) => {
    if (handled) return;
    handled = true;
    const { pathname, search } = router.state.location;
    const { userId } = useAuthStore.getState();
    useAuthStore.getState().clearSession();
    signInNotice.set(message);
    toast.error(message);
    const from = pathname.startsWith('/onboarding') ? undefined : pathname + search;
    const state: ReturnState | undefined = from ? { from, userId } : undefined;
    void router.navigate('/login', { replace: true, state });
  });
}
