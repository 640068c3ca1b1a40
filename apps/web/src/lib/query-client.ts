import { QueryClient } from '@tanstack/react-query';
import { retryMutation } from './mutation-retry';

// The cache defaults of docs/product/app-shell.md: fresh 5 min, kept 10 min, 1 retry,
// no refetch on focus or mount, refetch on reconnect; mutations retry once, and only when the
// answer was lost or the server failed (a 4xx is final).
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5 * 60_000,
      gcTime: 10 * 60_000,
      retry: 1,
      refetchOnWindowFocus: false,
      refetchOnMount: false,
      refetchOnReconnect: true,
    },
    mutations: { retry: retryMutation },
  },
});
