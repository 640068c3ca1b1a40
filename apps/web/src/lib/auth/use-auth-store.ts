import type { AuthResponse, AuthUser, PaymentStatus, User } from '@doers/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { tokenStore } from '../api';
import { errorMessage } from '../api-error';
import { queryClient } from '../query-client';
import { getLocalStorage, getSessionStorage } from '../storage';
import {
  createAuthStateStorage,
  removePersonalKeys,
  restoredIsAuthenticated,
} from './auth-storage';
import { postLogin, postLogout, postRegister, fetchOwnUser, sendSignupVibe } from './auth-api';
import { getDevice } from './device';

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

interface SessionState {
  /** Who is signed in, from the auth response. */
  user: AuthUser | null;
  /** The full User record (limits, founder block, stats), refreshed from GET /users/{id}. */
  account: User | null;
  isAuthenticated: boolean;
  hasCompletedOnboarding: boolean;
  paymentStatus: PaymentStatus | null;
  isLoading: boolean;
  error: string | null;
}

interface AuthActions {
  login(input: SignInInput): Promise<AuthResponse>;
  register(input: SignUpInput): Promise<AuthResponse>;
  logout(): Promise<void>;
  refreshUser(): Promise<void>;
  completeOnboarding(): void;
  /** Forgets everything local about the session (tokens, cached data, auth state). */
  clearSession(): void;
}

const signedOut: SessionState = {
  user: null,
  account: null,
  isAuthenticated: false,
  hasCompletedOnboarding: false,
  paymentStatus: null,
  isLoading: false,
  error: null,
};

const PAYMENT_STATUS: Record<AuthResponse['paymentStatus'], PaymentStatus> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  exempt: 'Exempt',
};

function sessionFrom(response: AuthResponse): Partial<SessionState> {
  return {
    user: response.user,
    account: null,
    isAuthenticated: true,
    hasCompletedOnboarding: !response.requiresQuest,
    paymentStatus: PAYMENT_STATUS[response.paymentStatus],
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
          return response;
        } catch (error) {
          set({ ...signedOut, error: errorMessage(error, 'Login failed') });
          throw error;
        }
      },

      async register({ referrerId, ...fields }) {
        set({ isLoading: true, error: null });
        try {
          // Spec §3: the device type is 'web' at registration.
          const response = await postRegister({
            ...fields,
            paymentMethodId: '',
            device: { ...getDevice(), type: 'web' },
          });
          tokenStore.setTokens(response.tokens, true);
          set(sessionFrom(response));
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
        const refreshToken = tokenStore.getRefreshToken() ?? undefined;
        try {
          await postLogout({ refreshToken });
        } catch (error) {
          // Signing out locally must work offline too; the server chain expires on its own.
          console.warn('Logout request failed', error);
        }
        get().clearSession();
      },

      async refreshUser() {
        const id = get().user?.id;
        if (!id) return;
        try {
          const account = await fetchOwnUser(id);
          const { user } = get();
          if (!user || user.id !== account.id) return; // signed out meanwhile
          set({
            account,
            paymentStatus: account.paymentStatus,
            user: {
              ...user,
              username: account.username,
              displayName: account.displayName,
              isFounder: account.isFounder,
              supporterTier: account.supporterTier,
            },
          });
        } catch (error) {
          console.error('Could not refresh the current user', error); // spec §8: only logged
        }
      },

      completeOnboarding: () => set({ hasCompletedOnboarding: true }),

      clearSession() {
        tokenStore.clear();
        queryClient.clear();
        removePersonalKeys(getLocalStorage());
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
      merge: (persisted, current) => {
        const state = { ...current, ...(persisted as Partial<SessionState> | undefined) };
        const isAuthenticated = restoredIsAuthenticated(state, tokenStore.hasTokens());
        return isAuthenticated ? { ...state, isAuthenticated } : { ...current, ...signedOut };
      },
      partialize: ({ user, account, isAuthenticated, hasCompletedOnboarding, paymentStatus }) => ({
        user,
        account,
        isAuthenticated,
        hasCompletedOnboarding,
        paymentStatus,
      }),
    },
  ),
);

/** Authenticated but not onboarded people are held in onboarding (spec §6). */
export function selectNeedsOnboarding(state: SessionState): boolean {
  return state.isAuthenticated && !state.hasCompletedOnboarding;
}
