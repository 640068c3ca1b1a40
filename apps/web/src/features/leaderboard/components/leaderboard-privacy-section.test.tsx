// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../lib/auth/use-auth-store';
import { LeaderboardPrivacySection } from './leaderboard-privacy-section';

/** The server: hidden or not, and a save held until the test answers it. */
function fakeServer() {
  let answer: ((response: Response) => void) | undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      if ((init.method ?? 'GET') === 'GET') return Response.json({ hidden: false });
      return new Promise<Response>((resolve) => (answer = resolve));
    }),
  );
  return {
    /** Answers the save once it has been sent. */
    answer: async (response: Response) => {
      await waitFor(() => expect(answer).toBeDefined());
      answer!(response);
    },
  };
}

beforeEach(() => useAuthStore.setState({ userId: 'user-1', isAuthenticated: true }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAuthStore.setState({ userId: null, isAuthenticated: false });
});

describe('LeaderboardPrivacySection', () => {
  it('moves the switch with the tap, before the server answers, and back when it refuses', async () => {
    const server = fakeServer();
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <LeaderboardPrivacySection />
      </QueryClientProvider>,
    );
    const toggle = await screen.findByRole<HTMLInputElement>('switch', {
      name: 'Hide me from the leaderboard',
    });
    expect(toggle.checked).toBe(false);

    fireEvent.click(toggle);
    // In the same event: a switch that waited for the mutation's state sprang back meanwhile.
    expect(toggle.checked).toBe(true);

    await server.answer(Response.json({ message: 'Not now' }, { status: 409 }));
    await waitFor(() => expect(toggle.checked).toBe(false));
  });
});
