import { z } from 'zod';
import { endpoint } from './http.js';
import {
  ACCOUNT_TYPES,
  DEVICE_TYPES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SUPPORTER_TIERS,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from './constants.js';

export const device = z.object({
  id: z.string().trim().min(8).max(64),
  name: z.string().trim().max(100).default('Web browser'),
  type: z.enum(DEVICE_TYPES).default('web'),
  os: z.string().trim().max(50).default('unknown'),
  browser: z.string().trim().max(50).default('unknown'),
});
export type Device = z.infer<typeof device>;

export const username = z
  .string()
  .min(USERNAME_MIN_LENGTH, `Username must be at least ${USERNAME_MIN_LENGTH} characters`)
  .max(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters`)
  .regex(USERNAME_PATTERN, 'Lowercase letters, numbers, and underscores only. No spaces.');

export const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

const email = z.string().trim().max(254).pipe(z.email('Please enter a valid email address'));

export const loginRequest = z.object({
  /** An email address or a username. */
  email: z.string().trim().min(1, 'Please fill in all fields').max(254),
  password: z.string().min(1, 'Please fill in all fields').max(PASSWORD_MAX_LENGTH),
  device,
  rememberMe: z.boolean().default(true),
});
export type LoginRequest = z.input<typeof loginRequest>;

export const registerRequest = z.object({
  email,
  password,
  username,
  referralCode: z.string().trim().max(32).optional().default(''),
  inviteCode: z.string().trim().max(100).optional().default(''),
  paymentMethodId: z.string().max(200).optional().default(''),
  device,
});
export type RegisterRequest = z.input<typeof registerRequest>;

export const authUser = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  displayName: z.string(),
  accountType: z.enum(ACCOUNT_TYPES),
  supporterTier: z.enum(SUPPORTER_TIERS),
  referralCode: z.string(),
  isFounder: z.boolean(),
});
export type AuthUser = z.infer<typeof authUser>;

export const tokens = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type Tokens = z.infer<typeof tokens>;

/** Why a moderator suspended an account, and until when (null: until a moderator lifts it). */
export const suspension = z.object({ reason: z.string(), until: z.string().nullable() });
export type Suspension = z.infer<typeof suspension>;

/** The date a suspension ends, as the person is told it: "15 March 2026". */
export function suspensionEndText(until: string): string {
  return new Date(until).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** What a suspended person's calls answer, beside a 403: a suspension is always explained. */
export function suspensionMessage(s: Suspension): string {
  if (!s.reason) return 'This account is suspended. Contact support.';
  const until = s.until ? ` until ${suspensionEndText(s.until)}` : '';
  return `This account is suspended${until}. Reason: ${s.reason}`;
}

export const authResponse = z.object({
  user: authUser,
  tokens,
  requiresQuest: z.boolean(),
  /** Lower-case on the wire: 'exempt' means Exempt. */
  paymentStatus: z.enum(['unpaid', 'paid', 'exempt']),
  /**
   * Set when the account is suspended: the session opened is restricted to reading the account,
   * exporting one's data and the sessions (endpoints declared `allowSuspended`).
   */
  suspension: suspension.nullable(),
  /** This sign-in came within the grace days of a deletion and kept the account. */
  accountRestored: z.boolean().optional(),
});
export type AuthResponse = z.infer<typeof authResponse>;

export const refreshRequest = z.object({ refreshToken: z.string().min(1).max(200) });
export type RefreshRequest = z.infer<typeof refreshRequest>;
export const refreshResponse = tokens;
export type RefreshResponse = z.infer<typeof refreshResponse>;

export const logoutRequest = z.object({ refreshToken: z.string().max(200).optional() });
export type LogoutRequest = z.infer<typeof logoutRequest>;

export const forgotPasswordRequest = z.object({
  email: z.string().trim().min(1, 'Please enter your email address').max(254),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

export const resetPasswordRequest = z.object({
  token: z.string().min(1, 'Invalid reset token').max(200),
  newPassword: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

export const changePasswordRequest = z.object({
  currentPassword: z
    .string()
    .min(1, 'Please enter your current password')
    .max(PASSWORD_MAX_LENGTH, 'Current password is incorrect'),
  newPassword: password,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/** One sign-in on a device, as the devices screen lists it. */
export const session = z.object({
  id: z.string(),
  /** The device as it described itself at sign-in. */
  deviceName: z.string(),
  deviceType: z.enum(DEVICE_TYPES),
  os: z.string(),
  browser: z.string(),
  signedInAt: z.string(),
  lastUsedAt: z.string(),
  /** The session of the access token that asked. */
  current: z.boolean(),
});
export type Session = z.infer<typeof session>;

export const sessionsResponse = z.object({ sessions: z.array(session) });
export type SessionsResponse = z.infer<typeof sessionsResponse>;

export const sessionIdParams = z.object({ id: z.uuid('Not a valid session id') });

export const endSessionsResponse = z.object({ ended: z.number().int() });
export type EndSessionsResponse = z.infer<typeof endSessionsResponse>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

export const authApi = {
  register: endpoint({
    method: 'POST',
    path: '/auth/register',
    access: 'public',
    body: registerRequest,
    response: authResponse,
    status: 201,
  }),
  /** By email address or username. */
  login: endpoint({
    method: 'POST',
    path: '/auth/login',
    access: 'public',
    body: loginRequest,
    response: authResponse,
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/auth/refresh',
    access: 'public',
    body: refreshRequest,
    response: refreshResponse,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/auth/logout',
    access: 'public',
    body: logoutRequest,
    response: null,
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/auth/forgot-password',
    access: 'public',
    body: forgotPasswordRequest,
    response: messageResponse,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/auth/reset-password',
    access: 'public',
    body: resetPasswordRequest,
    response: messageResponse,
  }),
  /** Needs the current password; every other session ends, this one stays signed in. */
  changePassword: endpoint({
    method: 'POST',
    path: '/auth/change-password',
    access: 'signed-in',
    body: changePasswordRequest,
    response: messageResponse,
  }),
  /** The caller's live sessions, the last used first. */
  sessions: endpoint({
    method: 'GET',
    path: '/auth/sessions',
    access: 'signed-in',
    allowSuspended: true,
    response: sessionsResponse,
  }),
  /** Ends one of the caller's sessions: its refresh and access tokens stop working at once. */
  endSession: endpoint({
    method: 'DELETE',
    path: '/auth/sessions/:id',
    access: 'signed-in',
    allowSuspended: true,
    params: sessionIdParams,
    response: null,
  }),
  /** "Sign out of all other devices": every session of the caller but this one. */
  endOtherSessions: endpoint({
    method: 'POST',
    path: '/auth/sessions/end-others',
    access: 'signed-in',
    allowSuspended: true,
    response: endSessionsResponse,
  }),
};
