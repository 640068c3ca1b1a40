import { getSessionStorage } from '../storage';

const KEY = 'doers-sign-in-notice';

/**
 * Why this tab was signed out (its session ended elsewhere, the account was deleted): kept for
 * the sign-in page, so that a reload or a missed toast does not lose it. This tab only; cleared
 * by the next sign-in.
 */
export const signInNotice = {
  set: (message: string) => getSessionStorage().setItem(KEY, message),
  get: () => getSessionStorage().getItem(KEY),
  clear: () => getSessionStorage().removeItem(KEY),
};
