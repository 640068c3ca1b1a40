import { createApiClient } from './api-client';
import { getLocalStorage, getSessionStorage } from './storage';
import { getTimeZone } from './timezone';
import { createTokenStore } from './token-storage';

/** The app's token store and API client; the router wires the session-expired handler. */
export const tokenStore = createTokenStore(getLocalStorage(), getSessionStorage());

export const api = createApiClient({ baseUrl: '/api', tokens: tokenStore, getTimeZone });
