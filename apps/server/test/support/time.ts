import type { AuthResponse, RefreshResponse } from '@doers/contract';
import { expect } from 'vitest';
import type { Duration } from '../../src/platform/clock.js';
import type { TestServer } from './test-server.js';

/**
 * Moves the server's clock, then refreshes these people's tokens as their app would (an access
 * token lives 15 minutes of the server's time).
 */
export async function passTime(
  server: TestServer,
  by: Duration,
  ...people: AuthResponse[]
): Promise<void> {
  server.clock.advance(by);
  for (const auth of people) await refreshTokens(server, auth);
}

/** Sets the server's clock to `instant`, then refreshes these people's tokens. */
export async function setTime(
  server: TestServer,
  instant: string,
  ...people: AuthResponse[]
): Promise<void> {
  server.clock.set(instant);
  for (const auth of people) await refreshTokens(server, auth);
}

async function refreshTokens(server: TestServer, auth: AuthResponse): Promise<void> {
  const res = await server.request<RefreshResponse>('POST', '/api/auth/refresh', {
    body: { refreshToken: auth.tokens.refreshToken },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  auth.tokens = res.body;
}
