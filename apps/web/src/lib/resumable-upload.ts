import { MEDIA_TUS_PATH, mediaApi, type Media, type MediaPurpose } from '@doers/contract';
import { DetailedError, Upload, type FileReader as TusFileReader } from 'tus-js-client';
import {
  FALLBACK_ERROR_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  errorMessageFrom,
  type ApiClient,
} from './api-client';
import { ApiError } from './api-error';

const MB = 1024 * 1024;

/** Bytes per PATCH: a dropped connection costs at most this much again. */
export const RESUMABLE_CHUNK_BYTES = 5 * MB;

/** Waits before each automatic retry (ms); a retry first asks the server how far it got. */
export const RESUMABLE_RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000];

export interface ResumableOptions {
  /** 0–1 as the bytes go out. */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
  /** Tests make these small to cut a connection between chunks. */
  chunkSize?: number;
  retryDelays?: number[];
}

/**
 * The upload each Blob was given on the server: sending the same Blob again (the Retry button)
 * resumes it at the server's offset instead of from zero. In memory only: a reload starts over.
 */
const uploadUrls = new WeakMap<Blob, string>();

/**
 * Reads a Blob chunk by chunk as bytes, which both tus HTTP stacks send (XMLHttpRequest in the
 * browser, node:http in tests); tus-js-client's own Node reader takes no Blob.
 */
const blobReader: TusFileReader = {
  openFile(input: Blob) {
    return Promise.resolve({
      size: input.size,
      async slice(start: number, end: number) {
        const bytes = new Uint8Array(await input.slice(start, end).arrayBuffer());
        // tus-js-client measures a chunk (and node:http its Content-Length) by `size`.
        return { value: Object.assign(bytes, { size: bytes.length }), done: end >= input.size };
      },
      close() {},
    });
  },
};

/**
 * Uploads a file over tus (`MEDIA_TUS_PATH`) in chunks with the API client's access token
 * (refreshed once on a 401), retries dropped connections from the server's offset, then finishes
 * it for `purpose` and resolves with the checked Media. `signal` cancels and removes the upload.
 */
export function uploadResumable(
  client: ApiClient,
  file: Blob,
  purpose: MediaPurpose,
  { onProgress, signal, chunkSize, retryDelays }: ResumableOptions = {},
): Promise<Media> {
  return new Promise<Media>((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    let sent = client.currentTokens();
    let refreshing: Promise<boolean> | null = null;
    let refreshedSinceProgress = false;
    let fatal: Error | null = null;

    const upload: Upload = new Upload(file, {
      endpoint: `${client.baseUrl}${MEDIA_TUS_PATH}`,
      uploadUrl: uploadUrls.get(file) ?? null,
      metadata: { filename: file instanceof File ? file.name : 'upload', filetype: file.type },
      chunkSize: chunkSize ?? RESUMABLE_CHUNK_BYTES,
      retryDelays: retryDelays ?? RESUMABLE_RETRY_DELAYS,
      fileReader: blobReader,
      storeFingerprintForResuming: false,
      removeFingerprintOnSuccess: true,
      async onBeforeRequest(req) {
        if (refreshing) {
          const fresh = await refreshing.catch((error: unknown) => {
            fatal = error instanceof Error ? error : new ApiError(FALLBACK_ERROR_MESSAGE, 0);
            throw fatal;
          });
          refreshing = null;
          if (!fresh) throw (fatal = new ApiError(SESSION_EXPIRED_MESSAGE, 401));
        }
        sent = client.currentTokens();
        if (sent.accessToken) req.setHeader('Authorization', `Bearer ${sent.accessToken}`);
      },
      onUploadUrlAvailable() {
        if (upload.url) uploadUrls.set(file, upload.url);
      },
      onChunkComplete() {
        refreshedSinceProgress = false;
      },
      onShouldRetry(error) {
        if (fatal || signal?.aborted) return false;
        const status = error.originalResponse?.getStatus() ?? 0;
        if (status === 401) {
          // One refresh per stretch without progress: a second 401 is the answer.
          if (refreshedSinceProgress) return false;
          refreshedSinceProgress = true;
          refreshing = client.refreshAfter401(sent.accessToken, sent.refreshToken);
          return true;
        }
        // A network failure, a server error, or an offset conflict (409) is worth another go.
        return status === 0 || status >= 500 || status === 409 || status === 423;
      },
      onProgress(bytesSent, bytesTotal) {
        if (!signal?.aborted) onProgress?.(bytesTotal > 0 ? bytesSent / bytesTotal : 0);
      },
      onError(error) {
        signal?.removeEventListener('abort', onAbort);
        reject(fatal ?? uploadError(error));
      },
      onSuccess() {
        signal?.removeEventListener('abort', onAbort);
        const uploadId = (upload.url ?? '').split('/').pop() ?? '';
        client
          .call(mediaApi.finishResumable, { params: { uploadId }, body: { purpose }, signal })
          .then((media) => {
            uploadUrls.delete(file);
            resolve(media);
          }, reject);
      },
    });

    function onAbort() {
      uploadUrls.delete(file);
      // Terminate: the server drops the bytes it holds instead of keeping them for a day.
      upload.abort(true).catch(() => undefined);
      reject(abortError());
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    upload.start();
  });
}

/** The server's message when it answered, else a network error the person can act on. */
function uploadError(error: Error): Error {
  if (error instanceof DetailedError && error.originalResponse) {
    const response = error.originalResponse;
    const text = response.getBody();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // a plain-text tus answer: used as the message below when it is short
    }
    const message =
      typeof body === 'string' && body.length > 0 && body.length < 200
        ? body
        : errorMessageFrom(body, '');
    return new ApiError(message, response.getStatus());
  }
  return new ApiError('The upload was interrupted. Check your connection and try again.', 0);
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}
