import type { Suspension } from '@doers/contract';
import type { StateStorage } from 'zustand/middleware';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '../token-storage';

export const TICKS_PREFIX = 'doers-ticks';

function holdsTokens(storage: Storage): boolean {
  return storage.getItem(REFRESH_TOKEN_KEY) !== null || storage.getItem(ACCESS_TOKEN_KEY) !== null;
}

/**
 * Where this tab's tokens live (sessionStorage wins, as in the token store), or null when it has
 * none. The auth state follows them: "remember me" off keeps nothing on disk.
 */
export function tokenHome(local: Storage, session: Storage): Storage | null {
  if (holdsTokens(session)) return session;
  if (holdsTokens(local)) return local;
  return null;
}

function isSignedIn(value: string): boolean {
  try {
    const parsed = JSON.parse(value) as { state?: { isAuthenticated?: unknown } } | null;
    return parsed?.state?.isAuthenticated === true;
  } catch {
    return false;
  }
}

/**
 * Persisted auth state stored next to the tokens. A storage that holds no tokens loses its stale
 * copy, but a storage with another tab's tokens (localStorage) is never touched.
 */
export function createAuthStateStorage(local: Storage, session: Storage): StateStorage {
  return {
    getItem: (name) => tokenHome(local, session)?.getItem(name) ?? null,
    setItem(name, value) {
      // A signed-out state is never written: it would only overwrite another tab's copy.
      const home = isSignedIn(value) ? tokenHome(local, session) : null;
      for (const storage of [local, session]) {
        if (storage === home) storage.setItem(name, value);
        else if (!holdsTokens(storage)) storage.removeItem(name);
      }
    },
    removeItem(name) {
      for (const storage of [local, session]) {
        if (!holdsTokens(storage)) storage.removeItem(name);
      }
    },
  };
}

/** What survives a reload: the session's subject and state, never a copy of the account. */
export interface PersistedSession {
  userId: string | null;
  isAuthenticated: boolean;
  hasCompletedOnboarding: boolean;
  /** Set when the account is suspended: the session opens only the suspended screen. */
  suspension: Suspension | null;
}

const SIGNED_OUT: PersistedSession = {
  userId: null,
  isAuthenticated: false,
  hasCompletedOnboarding: false,
  suspension: null,
};

function isSuspension(value: unknown): value is Suspension {
  const s = value as Partial<Suspension> | null | undefined;
  return typeof s?.reason === 'string' && (s.until === null || typeof s.until === 'string');
}

/**
 * Signed in only when the persisted state says so, names who, and this tab really has tokens.
 * A state saved by an older version kept the whole user (`user.id`) instead of `userId`.
 */
export function restoredSession(persisted: unknown, hasTokens: boolean): PersistedSession {
  const state = (persisted ?? {}) as Partial<PersistedSession> & { user?: { id?: unknown } };
  const legacyId = typeof state.user?.id === 'string' ? state.user.id : null;
  const userId = typeof state.userId === 'string' ? state.userId : legacyId;
  if (!state.isAuthenticated || !userId || !hasTokens) return SIGNED_OUT;
  return {
    userId,
    isAuthenticated: true,
    hasCompletedOnboarding: state.hasCompletedOnboarding === true,
    suspension: isSuspension(state.suspension) ? state.suspension : null,
  };
}

/** Removes every per-person key kept on the device (ticked tasks). */
export function removePersonalKeys(storage: Storage): void {
  for (let index = storage.length - 1; index >= 0; index--) {
    const name = storage.key(index);
    if (name?.startsWith(`${TICKS_PREFIX}:`)) storage.removeItem(name);
  }
}
