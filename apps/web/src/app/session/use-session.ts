import { TOKEN_REFRESH_INTERVAL_MS } from '@doers/contract';
import { useEffect } from 'react';
import { api, tokenStore } from '../../lib/api';
import { useAuthStore } from '../../lib/auth/use-auth-store';

/**
 * Refreshes the current user at startup and keeps the tokens fresh while signed in. The auth
 * state is persisted next to the tokens (see auth-storage.ts).
 */
export function useSession(): void {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);

  useEffect(() => {
    // isAuthenticated was derived from this tab's tokens before the first render, so a tab
    // without tokens never starts signed in and never clears anything (other tabs included).
    if (!isAuthenticated || !tokenStore.hasTokens()) return;
    void useAuthStore.getState().refreshUser(); // spec §7: GET /users/{id} refreshes the user
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
