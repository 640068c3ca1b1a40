import type { AuthResponse } from '@doers/contract';

/**
 * Leaves a session where the app keeps it, as the sign-in form does: this device's id, the tokens
 * and the session's state in localStorage. Runs in the page (`page.evaluate(storeSession, …)`),
 * so it uses nothing from outside itself. Used by the end-to-end suite and `npm run audit`.
 */
export function storeSession({ auth, deviceId }: { auth: AuthResponse; deviceId: string }): void {
  localStorage.setItem('doers-device-id', deviceId);
  localStorage.setItem('accessToken', auth.tokens.accessToken);
  localStorage.setItem('refreshToken', auth.tokens.refreshToken);
  const state = {
    userId: auth.user.id,
    isAuthenticated: true,
    hasCompletedOnboarding: !auth.requiresQuest,
    suspension: auth.suspension,
  };
  localStorage.setItem('doers-auth', JSON.stringify({ state, version: 0 }));
}
