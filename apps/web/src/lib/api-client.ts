import {
  REQUEST_TIMEOUT_MS,
  authApi,
  pathFor,
  queryString,
  type AnyEndpoint,
  type CallInput,
  type ResponseOf,
} from '@doers/contract';
import type { z } from 'zod';
import { ApiError } from './api-error';
import {
  errorMessageFrom,
  FALLBACK_ERROR_MESSAGE,
  fieldErrorsFrom,
  NETWORK_ERROR_MESSAGE,
  parseJson,
  type RawResponse,
} from './api-response';
import { sendWithProgress } from './upload-request';
import type { TokenStore } from './token-storage';

export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please log in again.';
export const TIMEOUT_MESSAGE = 'Request timeout - please check your connection and try again';
export { errorMessageFrom, FALLBACK_ERROR_MESSAGE } from './api-response';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  /** Sent as JSON, or as-is for FormData (the browser then sets the multipart boundary). */
  body?: unknown;
  /** Validates the answer; a mismatch rejects instead of handing a wrong shape to the UI. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** For auth calls, whose 401 means "wrong credentials", not "access token expired". */
  skipAuthRefresh?: boolean;
}

/** Per-call options of `call`, beside the endpoint's params, query and body. */
export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** `upload` also reports how far the file has gone. */
export interface UploadOptions extends CallOptions {
  onProgress?: (sentBytes: number, totalBytes: number) => void;
}

/** The input may be left out when the endpoint needs none (no params, no body). */
type CallArgs<E extends AnyEndpoint> =
  Record<string, never> extends CallInput<E>
    ? [input?: CallInput<E> & CallOptions]
    : [input: CallInput<E> & CallOptions];

export interface ApiClientOptions {
  /** '/api' in the app; a full URL in tests. */
  baseUrl: string;
  tokens: TokenStore;
  timeoutMs?: number;
  fetch?: typeof fetch;
  getTimeZone?: () => string;
  /** Called once per failed refresh, after the tokens were cleared. */
  onSessionExpired?: (message: string) => void;
  /**
   * Serialises refreshes across tabs (Web Locks); defaults to `navigator.locks` when there is
   * one. Without it, the single-flight only covers this tab.
   */
  locks?: RefreshLocks | null;
}

export interface RefreshLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export const REFRESH_LOCK = 'doers-refresh';

function browserLocks(): RefreshLocks | null {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks && typeof locks.request === 'function' ? locks : null;
}

export class ApiClient {
  private readonly options: Required<Omit<ApiClientOptions, 'onSessionExpired' | 'locks'>>;
  private readonly locks: RefreshLocks | null;
  private onSessionExpired: ((message: string) => void) | undefined;
  private refreshInFlight: Promise<boolean> | null = null;

  constructor(options: ApiClientOptions) {
    this.options = {
      timeoutMs: REQUEST_TIMEOUT_MS,
      fetch: (...args) => globalThis.fetch(...args),
      getTimeZone: () => 'UTC',
      ...options,
    };
    this.onSessionExpired = options.onSessionExpired;
    this.locks = options.locks === undefined ? browserLocks() : options.locks;
  }

  /** Where the API lives ('/api' in the app): for a client that sends its own requests (tus). */
  get baseUrl(): string {
    return this.options.baseUrl;
  }

  /** The tokens a request would be sent with now, for a client that sends its own (tus). */
  currentTokens(): { accessToken: string | null; refreshToken: string | null } {
    return {
      accessToken: this.options.tokens.getAccessToken(),
      refreshToken: this.options.tokens.getRefreshToken(),
    };
  }

  /** The app wires this after the router exists (it navigates to /login). */
  setSessionExpiredHandler(handler: (message: string) => void): void {
    this.onSessionExpired = handler;
  }

  /**
   * Calls an endpoint declared in the contract: the path is built from its declaration and the
   * answer is checked against its response schema, so no path or shape is written here.
   */
  call<E extends AnyEndpoint>(e: E, ...[input]: CallArgs<E>): Promise<ResponseOf<E>> {
    const { params, query, body, signal, headers } = (input ?? {}) as CallInput<AnyEndpoint> &
      CallOptions;
    const path = `${pathFor(e, params as Record<string, unknown> | undefined)}${queryString(
      query as Record<string, unknown> | undefined,
    )}`;
    return this.request(e.method, path, {
      body,
      signal,
      headers,
      schema: (e.response ?? undefined) as z.ZodType<ResponseOf<E>> | undefined,
      // A public endpoint's 401 is its answer (wrong password), not an expired access token.
      skipAuthRefresh: e.access === 'public',
    });
  }

  /**
   * Sends a file to an endpoint declared in the contract, reporting upload progress
   * (XMLHttpRequest: fetch reports none), through the same token refresh and answer checks as
   * `call`. No timeout: a large file on a slow line takes as long as it takes; `signal` cancels.
   */
  upload<E extends AnyEndpoint>(
    e: E,
    input: CallInput<E> & UploadOptions,
    file: FormData | Blob,
  ): Promise<ResponseOf<E>> {
    const { params, query, signal, headers, onProgress } = input as CallInput<AnyEndpoint> &
      UploadOptions;
    const path = `${pathFor(e, params as Record<string, unknown> | undefined)}${queryString(
      query as Record<string, unknown> | undefined,
    )}`;
    const options: RequestOptions<ResponseOf<E>> = {
      signal,
      headers,
      schema: (e.response ?? undefined) as z.ZodType<ResponseOf<E>> | undefined,
      skipAuthRefresh: e.access === 'public',
    };
    return this.withRefresh(
      (token) =>
        sendWithProgress(
          e.method,
          `${this.options.baseUrl}${path}`,
          file,
          { ...this.baseHeaders(options.headers), ...this.auth(token) },
          { signal, onProgress },
        ),
      options,
    );
  }

  /** The raw call under `call`; the app itself always goes through a declared endpoint. */
  request<T>(method: Method, path: string, options: RequestOptions<T> = {}): Promise<T> {
    return this.withRefresh((token) => this.send(method, path, options, token), options);
  }

  /** Sends once; on a 401 refreshes the tokens once and sends again with the new one. */
  private async withRefresh<T>(
    sendWith: (accessToken: string | null) => Promise<RawResponse>,
    options: RequestOptions<T>,
  ): Promise<T> {
    const sentToken = this.options.tokens.getAccessToken();
    const sentRefresh = this.options.tokens.getRefreshToken();
    const response = await sendWith(sentToken);
    if (response.status !== 401 || options.skipAuthRefresh) return this.parse(response, options);
    // Signed out and nothing to refresh with: a plain 401, not an expired session.
    if (!sentToken && !this.options.tokens.getRefreshToken()) return this.parse(response, options);

    // One refresh, one retry: a second 401 is the answer, not a reason to loop.
    if (!(await this.refreshAfter401(sentToken, sentRefresh)))
      throw new ApiError(SESSION_EXPIRED_MESSAGE, 401);
    const retry = await sendWith(this.options.tokens.getAccessToken());
    return this.parse(retry, options);
  }

  /**
   * Shared by every caller (the 401 path and the 360-minute timer), so concurrent 401s cause a
   * single refresh: rotation makes a refresh token single-use, and reusing one revokes the
   * device's whole chain on the server.
   */
  refreshTokens(seenRefreshToken?: string | null): Promise<boolean> {
    const seen =
      seenRefreshToken === undefined ? this.options.tokens.getRefreshToken() : seenRefreshToken;
    this.refreshInFlight ??= this.lockedRefresh(seen).finally(() => {
      this.refreshInFlight = null;
    });
    return this.refreshInFlight;
  }

  /**
   * After a 401 to a request sent with these tokens: true once fresh tokens are there to retry
   * with (refreshed here, or already by another request), false when the session is over.
   */
  async refreshAfter401(sentToken: string | null, sentRefresh: string | null): Promise<boolean> {
    const current = this.options.tokens.getAccessToken();
    // Another request already refreshed while this one was on the wire: just retry.
    if (current && current !== sentToken && !this.refreshInFlight) return true;
    return this.refreshTokens(sentRefresh);
  }

  /** Other tabs share the tokens (localStorage): one refresh at a time across all of them. */
  private lockedRefresh(seen: string | null): Promise<boolean> {
    if (!this.locks) return this.runRefresh(seen);
    return this.locks.request(REFRESH_LOCK, () => this.runRefresh(seen));
  }

  private async runRefresh(seen: string | null): Promise<boolean> {
    const refreshToken = this.options.tokens.getRefreshToken();
    // Another tab rotated the tokens while this one waited: they are fresh, just retry.
    if (refreshToken && seen && refreshToken !== seen) return true;
    if (refreshToken) {
      const response = await this.send(
        authApi.refresh.method,
        pathFor(authApi.refresh),
        { body: { refreshToken } },
        null,
      );
      // A server error (or a network failure, thrown by send) proves nothing about the session:
      // keep the tokens and let the caller see that error instead of signing the person out.
      if (response.status >= 500) {
        throw new ApiError(errorMessageFrom(response.body, response.statusText), response.status);
      }
      const parsed = response.ok ? authApi.refresh.response.safeParse(response.body) : null;
      if (parsed?.success) {
        this.options.tokens.setTokens(parsed.data);
        return true;
      }
    }
    this.options.tokens.clear();
    this.onSessionExpired?.(SESSION_EXPIRED_MESSAGE);
    return false;
  }

  private parse<T>(response: RawResponse, options: RequestOptions<T>): T {
    if (!response.ok) {
      throw new ApiError(
        errorMessageFrom(response.body, response.statusText),
        response.status,
        fieldErrorsFrom(response.body),
      );
    }
    if (response.status === 204 || response.body === undefined) return {} as T;
    if (!options.schema) return response.body as T;
    const parsed = options.schema.safeParse(response.body);
    if (!parsed.success) throw new ApiError(FALLBACK_ERROR_MESSAGE, response.status);
    return parsed.data;
  }

  /** What every request says about itself: JSON wanted, the person's time zone. */
  private baseHeaders(extra?: Record<string, string>): Record<string, string> {
    return { Accept: 'application/json', 'X-Timezone': this.options.getTimeZone(), ...extra };
  }

  private auth(accessToken: string | null): Record<string, string> {
    return accessToken ? { Authorization: `Bearer ${accessToken}` } : {};
  }

  private async send<T>(
    method: Method,
    path: string,
    options: RequestOptions<T>,
    accessToken: string | null,
  ): Promise<RawResponse> {
    const { body, signal } = options;
    const isFormData = typeof FormData !== 'undefined' && body instanceof FormData;
    const headers = this.baseHeaders(options.headers);
    // Only with a body: Fastify rejects an empty body declared as JSON.
    if (body !== undefined && !isFormData) headers['Content-Type'] = 'application/json';
    Object.assign(headers, this.auth(accessToken));

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.options.timeoutMs);
    const forwardAbort = () => controller.abort();
    signal?.addEventListener('abort', forwardAbort);

    try {
      const response = await this.options.fetch(`${this.options.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : isFormData ? body : JSON.stringify(body),
        signal: controller.signal,
      });
      // Reading the body is inside the timeout too: a stalled stream is as bad as no answer.
      const text = response.status === 204 ? '' : await response.text();
      return {
        status: response.status,
        statusText: response.statusText,
        ok: response.ok,
        body: text ? parseJson(text) : undefined,
      };
    } catch (error) {
      if (timedOut) throw new ApiError(TIMEOUT_MESSAGE, 0);
      if (signal?.aborted) throw error; // the caller cancelled; not an error to report
      throw new ApiError(
        error instanceof Error && error.message ? error.message : NETWORK_ERROR_MESSAGE,
        0,
      );
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
    }
  }
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  return new ApiClient(options);
}
