import type { AuthResponse, Suspension } from '@doers/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { tokenStore } from '../api';
import { signInNotice } from './sign-in-notice';
import { errorMessage } from '../api-error';
import { queryClient } from '../query-client';
import { getLocalStorage, getSessionStorage } from '../storage';
import { accountKeys } from './account-keys';
import {
  createAuthStateStorage,
  removePersonalKeys,
  restoredSession,
  type PersistedSession,
} from './auth-storage';
import { postLogin, postLogout, postRegister, sendSignupVibe } from './auth-api';
import { getDevice } from './device';
import { forgetPushOnSignOut } from '../push-subscription';
import { MEDIA_CACHE } from '../sw-messages';

export interface SignInInput {
  identifier: string;
  password: string;
  rememberMe: boolean;
}

export interface SignUpInput {
  username: string;
  email: string;
  password: string;
  referralCode: string;
  inviteCode: string;
  /** Set when the referral code was validated: the signup vibe goes to this person. */
  referrerId: string | null;
}

/**
 * The session, not the person: who is signed in (an id) and where they stand. The account itself
 * (name, limits, stats) is one TanStack Query, `useAccount()`, so there is never a second copy
 * to keep in step.
 */
interface SessionState extends PersistedSession {
  isLoading: boolean;
  error: string | null;
}

interface AuthActions {
  login(input: SignInInput): Promise<AuthResponse>;
  register(input: SignUpInput): Promise<AuthResponse>;
  logout(): Promise<void>;
  completeOnboarding(): void;
  /** The account's standing as the server last told it (the account query follows a lift). */
  setSuspension(suspension: Suspension | null): void;
  /** Forgets everything local about the session (tokens, cached data, auth state). */
  clearSession(): void;
}

const signedOut: SessionState = {
  userId: null,
  isAuthenticated: false,
  hasCompletedOnboarding: false,
  suspension: null,
  isLoading: false,
  error: null,
};

function sessionFrom(response: AuthResponse): SessionState {
  // Whatever an earlier session left in the cache belongs to someone else.
  queryClient.removeQueries({ queryKey: accountKeys.all });
  return {
    userId: response.user.id,
    isAuthenticated: true,
    hasCompletedOnboarding: !response.requiresQuest,
    suspension: response.suspension,
    isLoading: false,
    error: null,
  };
}

export const useAuthStore = create<SessionState & AuthActions>()(
  persist(
    (set, get) => ({
      ...signedOut,

      async login({ identifier, password, rememberMe }) {
        set({ isLoading: true, error: null });
        try {
          const response = await postLogin({
            email: identifier.trim(),
            password,
            rememberMe,
            device: getDevice(),
          });
          tokenStore.setTokens(response.tokens, rememberMe);
          set(sessionFrom(response));
          signInNotice.clear();
          return response;
        } catch (error) {
          set({ ...signedOut, error: errorMessage(error, 'Login failed') });
          throw error;
        }
      },

      async register({ referrerId, ...fields }) {
        set({ isLoading: true, error: null });
        try {
          // The device type is 'web' at registration.
          const response = await postRegister({
            ...fields,
            paymentMethodId: '',
            device: { ...getDevice(), type: 'web' },
          });
          tokenStore.setTokens(response.tokens, true);
          set(sessionFrom(response));
          signInNotice.clear();
          if (referrerId && fields.referralCode) {
            sendSignupVibe(referrerId).catch(() => undefined); // a thank-you, never a blocker
          }
          return response;
        } catch (error) {
          set({ ...signedOut, error: errorMessage(error, 'Registration failed') });
          throw error;
        }
      },

      async logout() {
        // While still signed in: the server forgets this device's push subscription.
        await forgetPushOnSignOut();
        const refreshToken = tokenStore.getRefreshToken() ?? undefined;
        try {
          await postLogout({ refreshToken });
        } catch (error) {
          // Signing out locally must work offline too; the server chain expires on its own.
          console.warn('Logout request failed', error);
        }
        get().clearSession();
      },

      completeOnboarding: () => set({ hasCompletedOnboarding: true }),

      setSuspension: (suspension) => set({ suspension }),

      clearSession() {
        tokenStore.clear();
        queryClient.clear();
        removePersonalKeys(getLocalStorage());
        forgetPlayedMedia();
        set(signedOut);
      },
    }),
    {
      name: 'doers-auth',
      // Next to the tokens: localStorage with "remember me", else this tab's sessionStorage.
      storage: createJSONStorage(() =>
        createAuthStateStorage(getLocalStorage(), getSessionStorage()),
      ),
      // Decided before the first render from the tokens this tab really has.
      merge: (persisted, current) => ({
        ...current,
        ...restoredSession(persisted, tokenStore.hasTokens()),
      }),
      partialize: ({
        userId,
        isAuthenticated,
        hasCompletedOnboarding,
        suspension,
      }): PersistedSession => ({ userId, isAuthenticated, hasCompletedOnboarding, suspension }),
    },
  ),
);

/** Authenticated but not onboarded people are held in onboarding (a suspended person is not). */
export function selectNeedsOnboarding(state: SessionState): boolean {
  return state.isAuthenticated && !state.hasCompletedOnboarding && state.suspension === null;
}

/** A suspended person's suspension, while signed in: only /suspended opens for them. */
export function selectSuspension(state: SessionState): Suspension | null {
  return state.isAuthenticated ? state.suspension : null;
}

/** The signed-in person's id, or null for a visitor. */
export function selectSignedInUserId(state: SessionState): string | null {
  return state.isAuthenticated ? state.userId : null;
}

/** The service worker's copies of media played here go with the session (sw-messages.ts). */
function forgetPlayedMedia(): void {
  if (typeof caches === 'undefined') return;
  caches.delete(MEDIA_CACHE).catch((error: unknown) => console.warn('Media cache kept', error));
}
