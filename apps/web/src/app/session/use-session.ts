import { TOKEN_REFRESH_INTERVAL_MS } from '@doers/contract';
import { useEffect } from 'react';
import { api, tokenStore } from '../../lib/api';
import { useAuthStore } from '../../lib/auth/use-auth-store';

/**
 * Keeps the tokens fresh while signed in. The auth state is persisted next to the tokens (see
 * auth-storage.ts); the account itself is a query that loads where it is shown (useAccount).
 */
export function useSession(): void {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);

  useEffect(() => {
    if (!isAuthenticated) return;
    // Refreshed every 360 minutes while tokens exist (the 401 path covers the rest).
    const timer = setInterval(() => {
      if (!tokenStore.getRefreshToken()) return;
      api
        .refreshTokens()
        .catch((error: unknown) => console.warn('Scheduled token refresh failed', error));
    }, TOKEN_REFRESH_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [isAuthenticated]);
}
