import {
  authApi,
  SIGNUP_VIBE_REASON,
  usersApi,
  vibesApi,
  type AuthResponse,
  type LoginRequest,
  type LogoutRequest,
  type RegisterRequest,
  type User,
  type Vibe,
} from '@doers/contract';
import { api } from '../api';

// The auth endpoints are public: their 401 means wrong credentials, never an expired token.

export function postLogin(body: LoginRequest): Promise<AuthResponse> {
  return api.call(authApi.login, { body });
}

export function postRegister(body: RegisterRequest): Promise<AuthResponse> {
  return api.call(authApi.register, { body });
}

export function postLogout(body: LogoutRequest): Promise<void> {
  return api.call(authApi.logout, { body });
}

/** The signed-in person's own full record: the account. */
export function fetchOwnUser(signal?: AbortSignal): Promise<User> {
  return api.call(usersApi.me, { signal });
}

/** The automatic thank-you vibe a referred person sends their referrer. */
export function sendSignupVibe(targetUserId: string): Promise<Vibe> {
  return api.call(vibesApi.send, { body: { targetUserId, vibeReason: SIGNUP_VIBE_REASON } });
}
