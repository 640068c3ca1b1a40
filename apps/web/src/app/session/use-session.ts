import { TOKEN_REFRESH_INTERVAL_MS } from '@doers/contract';
import { useEffect } from 'react';
import { api, tokenStore } from '../../lib/api';
import { useAuthStore } from '../../lib/auth/use-auth-store';

/**
 * Keeps the persisted auth state honest at startup and the tokens fresh while signed in.
 * The auth state lives in localStorage, but without "remember me" the tokens live in
 * sessionStorage: a new tab then finds a "signed-in" state with no tokens, which is signed out.
 */
export function useSession(): void {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);

  useEffect(() => {
    const { clearSession, refreshUser } = useAuthStore.getState();
    if (!isAuthenticated) return;
    if (!tokenStore.hasTokens()) clearSession();
    else void refreshUser(); // spec §7: GET /users/{id} refreshes the current user
  }, [isAuthenticated]);

  useEffect(() => {
    if (!isAuthenticated) return;
    // Spec §4: refreshed every 360 minutes while tokens exist (the 401 path covers the rest).
    const timer = setInterval(() => {
      if (!tokenStore.getRefreshToken()) return;
      api
        .refreshTokens()
        .catch((error: unknown) => console.warn('Scheduled token refresh failed', error));
    }, TOKEN_REFRESH_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [isAuthenticated]);
}
