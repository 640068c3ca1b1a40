import type { AuthResponse, RegisterRequest, User } from '@doers/contract';
import { expect } from 'vitest';
import { FOUNDER_CODE, newDevice, newPersonData } from './people-data.js';
import type { TestServer } from './test-server.js';

export const device = newDevice;

/** A sign-up request for a new person (people-data.ts), as the app sends it. */
export function newPerson(overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  return {
    ...newPersonData(),
    referralCode: '',
    inviteCode: '',
    paymentMethodId: '',
    device: device(),
    ...overrides,
  };
}

export async function registerFounder(
  server: TestServer,
  overrides: Partial<RegisterRequest> = {},
) {
  const person = newPerson({ inviteCode: FOUNDER_CODE, ...overrides });
  const res = await server.request<AuthResponse>('POST', '/api/auth/register', { body: person });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { person, auth: res.body };
}

export async function registerReferred(
  server: TestServer,
  referralCode: string,
  overrides: Partial<RegisterRequest> = {},
) {
  const person = newPerson({ referralCode, ...overrides });
  const res = await server.request<AuthResponse>('POST', '/api/auth/register', { body: person });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { person, auth: res.body };
}

/** The request options of a call made as that person. */
export const as = (auth: AuthResponse) => ({ token: auth.tokens.accessToken });

/** `from` sends `to` a vibe (and so vibes with them). */
export async function vibe(
  server: TestServer,
  from: AuthResponse,
  to: AuthResponse,
  vibeReason = 'inspired',
) {
  const res = await server.request('POST', '/api/vibes', {
    ...as(from),
    body: { targetUserId: to.user.id, vibeReason },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** The person's own figures, as `GET /users/me` answers them. */
export async function statsOf(server: TestServer, auth: AuthResponse) {
  return (await server.request<User>('GET', '/api/users/me', as(auth))).body.stats;
}
