import { randomBytes } from 'node:crypto';
import type { AuthResponse, RegisterRequest, User } from '@doers/contract';
import { expect } from 'vitest';
import { FOUNDER_CODE, type TestServer } from './test-server.js';

let counter = 0;

export function device(id = `device-${randomBytes(6).toString('hex')}`) {
  return { id, name: 'Test phone', type: 'mobile' as const, os: 'Android', browser: 'Chrome' };
}

export function newPerson(overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  counter += 1;
  const name = `doer_${counter}_${randomBytes(3).toString('hex')}`;
  return {
    email: `${name}@example.com`,
    password: 'correct horse battery',
    username: name,
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
