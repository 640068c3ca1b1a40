import {
  authResponse,
  SIGNUP_VIBE_REASON,
  user,
  vibe,
  type AuthResponse,
  type CreateVibeRequest,
  type LoginRequest,
  type LogoutRequest,
  type RegisterRequest,
  type User,
  type Vibe,
} from '@doers/contract';
import { api } from '../api';

// Auth calls answer 401 for wrong credentials: never treat that as an expired access token.
const authCall = { schema: authResponse, skipAuthRefresh: true } as const;

export function postLogin(body: LoginRequest): Promise<AuthResponse> {
  return api.post('/auth/login', body, authCall);
}

export function postRegister(body: RegisterRequest): Promise<AuthResponse> {
  return api.post('/auth/register', body, authCall);
}

export function postLogout(body: LogoutRequest): Promise<unknown> {
  return api.post('/auth/logout', body, { skipAuthRefresh: true });
}

/** Only for the signed-in person's own id: anyone else gets the public face, not a User. */
export function fetchOwnUser(id: string, signal?: AbortSignal): Promise<User> {
  return api.get(`/users/${encodeURIComponent(id)}`, { schema: user, signal });
}

/** The automatic thank-you vibe a referred person sends their referrer. */
export function sendSignupVibe(targetUserId: string): Promise<Vibe> {
  const body: CreateVibeRequest = { targetUserId, vibeReason: SIGNUP_VIBE_REASON };
  return api.post('/vibes', body, { schema: vibe });
}
