import type { AuthResponse } from '@doers/contract';

/**
 * Leaves a session where the app keeps it, as the sign-in form does: this device's id, the tokens,
 * the session's state and the time zone in localStorage. Runs in the page
 * (`page.evaluate(storeSession, …)`), so it uses nothing from outside itself. Used by the end-to-end suite and `npm run audit`.
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
  // The sign-in request carried the time zone, which the app keeps with its offset
  // (apps/web/src/lib/timezone.ts).
  localStorage.setItem('doers-time-zone', Intl.DateTimeFormat().resolvedOptions().timeZone);
  localStorage.setItem('doers-time-zone-offset', String(new Date().getTimezoneOffset()));
}
