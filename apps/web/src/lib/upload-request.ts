import { ApiError } from './api-error';
import { NETWORK_ERROR_MESSAGE, parseJson, type RawResponse } from './api-response';

// The transport under `api.upload`: XMLHttpRequest, because fetch reports no upload progress.
// The client adds the token refresh and the answer checks around it, as for `call`.

/** What a cancelled upload rejects with, like a cancelled fetch. */
function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

/** Sends `file` once with these headers; resolves with whatever the server answered. */
export function sendWithProgress(
  method: string,
  url: string,
  file: FormData | Blob,
  headers: Record<string, string>,
  options: {
    signal?: AbortSignal | undefined;
    onProgress?: ((sentBytes: number, totalBytes: number) => void) | undefined;
  },
): Promise<RawResponse> {
  const { signal, onProgress } = options;
  return new Promise<RawResponse>((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    const sent = { ...headers };
    // FormData gets its multipart boundary from the browser; a bare Blob says its own type.
    if (file instanceof Blob && file.type) sent['Content-Type'] = file.type;
    for (const [name, value] of Object.entries(sent)) xhr.setRequestHeader(name, value);

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort);
    const settle = () => signal?.removeEventListener('abort', onAbort);
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      });
    }
    xhr.addEventListener('load', () => {
      settle();
      const text = xhr.status === 204 ? '' : xhr.responseText;
      resolve({
        status: xhr.status,
        statusText: xhr.statusText,
        ok: xhr.status >= 200 && xhr.status < 300,
        body: text ? parseJson(text) : undefined,
      });
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new ApiError(NETWORK_ERROR_MESSAGE, 0));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(abortError());
    });
    xhr.send(file);
  });
}
