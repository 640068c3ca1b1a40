import type { DataRouter } from 'react-router';
import { api } from '../../lib/api';
import { useAuthStore } from '../../lib/auth/use-auth-store';
import { toast } from '../../lib/toast-store';

/**
 * Spec §8: a failed refresh signs the person out everywhere in the app and lands on /login
 * with a toast. Where they were is kept, so signing in again takes them back there.
 */
export function wireSessionExpiry(router: DataRouter): void {
  api.setSessionExpiredHandler((message) => {
    const { pathname, search } = router.state.location;
    useAuthStore.getState().clearSession();
    toast.error(message);
    const from = pathname.startsWith('/onboarding') ? undefined : pathname + search;
    void router.navigate('/login', { replace: true, state: from ? { from } : undefined });
  });
}
