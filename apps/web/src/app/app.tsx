import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from '../components/ui/toaster';
import { queryClient } from '../lib/query-client';
import type { DataRouter } from 'react-router';

export function App({ router }: { router: DataRouter }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </StrictMode>
  );
}
