import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../storage';
import { createTokenStore } from '../token-storage';
import {
  createAuthStateStorage,
  removePersonalKeys,
  restoredSession,
  tokenHome,
} from './auth-storage';

const tokens = { accessToken: 'a', refreshToken: 'r' };

function setup() {
  const local = createMemoryStorage();
  const session = createMemoryStorage();
  return { local, session, store: createTokenStore(local, session) };
}

const signedIn = JSON.stringify({ state: { isAuthenticated: true }, version: 0 });
const signedOut = JSON.stringify({ state: { isAuthenticated: false }, version: 0 });

describe('auth state storage', () => {
  it('follows the tokens into sessionStorage without "remember me"', () => {
    const { local, session, store } = setup();
    store.setTokens(tokens, false);
    createAuthStateStorage(local, session).setItem('doers-auth', signedIn);
    expect(session.getItem('doers-auth')).toBe(signedIn);
    expect(local.getItem('doers-auth')).toBeNull();
    expect(tokenHome(local, session)).toBe(session);
  });

  it('follows the tokens into localStorage with "remember me"', () => {
    const { local, session, store } = setup();
    store.setTokens(tokens, true);
    createAuthStateStorage(local, session).setItem('doers-auth', signedIn);
    expect(local.getItem('doers-auth')).toBe(signedIn);
    expect(session.getItem('doers-auth')).toBeNull();
  });

  it('restores nothing in a tab without tokens', () => {
    const { local, session } = setup();
    local.setItem('doers-auth', '{"stale":true}');
    expect(createAuthStateStorage(local, session).getItem('doers-auth')).toBeNull();
  });

  it('never wipes another tab’s remembered state or tokens', () => {
    const { local, session, store } = setup();
    store.setTokens(tokens, false);
    local.setItem('refreshToken', 'other-tab');
    local.setItem('doers-auth', 'other');
    const storage = createAuthStateStorage(local, session);
    storage.setItem('doers-auth', signedIn);
    store.clear();
    storage.setItem('doers-auth', signedOut);
    expect(local.getItem('doers-auth')).toBe('other');
    expect(local.getItem('refreshToken')).toBe('other-tab');
    expect(session.getItem('doers-auth')).toBeNull();
  });

  it('drops an orphaned copy once signed out', () => {
    const { local, session } = setup();
    local.setItem('doers-auth', 'stale');
    createAuthStateStorage(local, session).setItem('doers-auth', signedOut);
    expect(local.getItem('doers-auth')).toBeNull();
  });
});

describe('restoredSession', () => {
  it('needs a signed-in state, a user id and tokens', () => {
    const saved = {
      isAuthenticated: true,
      userId: 'u1',
      hasCompletedOnboarding: true,
      suspension: null,
    };
    expect(restoredSession(saved, true)).toEqual(saved);
    expect(restoredSession(saved, false).isAuthenticated).toBe(false);
    expect(restoredSession({ ...saved, isAuthenticated: false }, true).userId).toBeNull();
    expect(restoredSession({ ...saved, userId: null }, true).isAuthenticated).toBe(false);
    expect(restoredSession(undefined, true).isAuthenticated).toBe(false);
  });

  it('reads the id from a state saved with the whole user', () => {
    const legacy = { isAuthenticated: true, user: { id: 'u1', username: 'maya' } };
    expect(restoredSession(legacy, true)).toEqual({
      userId: 'u1',
      isAuthenticated: true,
      hasCompletedOnboarding: false,
      suspension: null,
    });
  });

  it('keeps a suspension, and only a well-formed one', () => {
    const saved = { isAuthenticated: true, userId: 'u1', hasCompletedOnboarding: true };
    const suspension = { reason: 'Spam', until: '2026-03-17T09:00:00.000Z' };
    expect(restoredSession({ ...saved, suspension }, true).suspension).toEqual(suspension);
    expect(restoredSession({ ...saved, suspension: { reason: 3 } }, true).suspension).toBeNull();
    expect(restoredSession({ ...saved, suspension }, false).suspension).toBeNull();
  });
});

describe('removePersonalKeys', () => {
  it('removes every ticked-tasks key and nothing else', () => {
    const storage = createMemoryStorage();
    storage.setItem('doers-ticks:u1:q1:2026-01-01', '[]');
    storage.setItem('doers-ticks:u2:q2:2026-01-02', '[]');
    storage.setItem('doers-theme', 'dark');
    removePersonalKeys(storage);
    expect(storage.length).toBe(1);
    expect(storage.getItem('doers-theme')).toBe('dark');
  });
});
