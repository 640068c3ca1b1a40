import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { useAuthStore } from '../../lib/auth/use-auth-store';
import { useFirstScreenPainted } from '../../lib/first-screen';
import { applyStreamEvent } from './lib/apply-stream-event';
import { RealtimeConnection } from './lib/realtime-connection';

/**
 * One realtime stream while signed in (docs/product/realtime.md): started by the app shell,
 * stopped on sign-out (or when the shell goes away). What arrives updates the query cache.
 * Opened once the first screen has painted: nothing it brings is on that screen yet.
 */
export function useRealtimeStream(): void {
  const queryClient = useQueryClient();
  const signedIn = useAuthStore((state) => (state.isAuthenticated ? state.userId : null));
  const userId = useFirstScreenPainted() ? signedIn : null;

  useEffect(() => {
    if (!userId) return;
    const connection = new RealtimeConnection({
      auth: api,
      onEvent: (event) => applyStreamEvent(queryClient, event),
      ...(typeof window === 'undefined' ? {} : { network: window }),
    });
    connection.start();
    return () => connection.stop();
  }, [userId, queryClient]);
}
