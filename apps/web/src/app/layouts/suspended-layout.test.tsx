// @vitest-environment happy-dom
import type { Suspension } from '@doers/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../lib/api';
import { useAuthStore } from '../../lib/auth/use-auth-store';
import { queryClient } from '../../lib/query-client';
import { getLocalStorage } from '../../lib/storage';
import { routes } from '../router';

/** The app's own routes, opened at `path` by a signed-in person with this standing. */
function openAt(path: string, suspension: Suspension | null) {
  tokenStore.setTokens({ accessToken: 'a', refreshToken: 'r' }, true);
  useAuthStore.setState({
    userId: 'user-1',
    isAuthenticated: true,
    hasCompletedOnboarding: true,
    suspension,
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  // No export yet; the rest of the API is out of reach in this test.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/exports'
        ? Response.json({ items: [] })
        : Response.json({ message: 'Not here', statusCode: 503 }, { status: 503 }),
    ),
  );
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  useAuthStore.getState().clearSession();
  getLocalStorage().clear();
});

describe('a suspended person’s one screen', () => {
  it('is where every address leads: why, until when, and what they can still do', async () => {
    const router = openAt('/feed', { reason: 'Repeated insults', until: '2026-03-17T09:00:00Z' });
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Your account is suspended' },
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/suspended');
    expect(screen.getByText('Until 17 March 2026')).toBeTruthy();
    expect(screen.getByText('Repeated insults', { exact: false })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Download your data' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Prepare my data' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'support@doers.app' }).getAttribute('href')).toBe(
      'mailto:support@doers.app',
    );
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    // Nothing leads elsewhere: no bottom bar, no header navigation.
    expect(screen.queryByRole('navigation')).toBeNull();
    // The heading takes the focus in an effect after it paints; on a loaded machine that is later.
    await waitFor(() =>
      expect(document.activeElement?.textContent).toBe('Your account is suspended'),
    );
  });

  it('says when only a moderator can lift it', async () => {
    openAt('/settings', { reason: 'Spam', until: null });
    expect(
      await screen.findByText('Until a moderator lifts it', {}, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('is nobody else’s', async () => {
    const router = openAt('/suspended', null);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
  });
});
