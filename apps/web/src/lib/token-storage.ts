import type { Tokens } from '@doers/contract';

export const ACCESS_TOKEN_KEY = 'accessToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';

export interface TokenStore {
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  hasTokens(): boolean;
  /**
   * `remember` picks the storage (docs/product/accounts-and-sessions.md): localStorage survives
   * closing the browser, sessionStorage does not. Left out (a rotation), the tokens stay where they
   * already were.
   */
  setTokens(tokens: Tokens, remember?: boolean): void;
  clear(): void;
}

export function createTokenStore(local: Storage, session: Storage): TokenStore {
  // sessionStorage wins: it can only hold tokens when "remember me" was off for this sign-in.
  const read = (key: string) => session.getItem(key) ?? local.getItem(key);

  return {
    getAccessToken: () => read(ACCESS_TOKEN_KEY),
    getRefreshToken: () => read(REFRESH_TOKEN_KEY),
    hasTokens: () => read(REFRESH_TOKEN_KEY) !== null || read(ACCESS_TOKEN_KEY) !== null,
    setTokens(tokens, remember) {
      const keepInSession =
        remember === undefined ? session.getItem(REFRESH_TOKEN_KEY) !== null : !remember;
      const [target, other] = keepInSession ? [session, local] : [local, session];
      target.setItem(ACCESS_TOKEN_KEY, tokens.accessToken);
      target.setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);
      other.removeItem(ACCESS_TOKEN_KEY);
      other.removeItem(REFRESH_TOKEN_KEY);
    },
    clear() {
      // Only this tab's tokens: with session tokens here, localStorage may hold another tab's.
      const home = session.getItem(REFRESH_TOKEN_KEY) ?? session.getItem(ACCESS_TOKEN_KEY);
      const storage = home !== null ? session : local;
      storage.removeItem(ACCESS_TOKEN_KEY);
      storage.removeItem(REFRESH_TOKEN_KEY);
    },
  };
}
