import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api-error';
import type { UploadProgressOptions } from '../../lib/media-upload';

export type UploadStatus = 'idle' | 'uploading' | 'done' | 'failed';

/** How a file is sent: `uploadMedia` with a purpose, or anything with the same shape. */
export type SendFile<T> = (
  file: Blob,
  options: Required<Pick<UploadProgressOptions, 'signal'>> & UploadProgressOptions,
) => Promise<T>;

export interface UploadState<T> {
  status: UploadStatus;
  /** 0–1 while uploading. */
  progress: number;
  error: string | null;
  result: T | null;
}

const IDLE = { status: 'idle', progress: 0, error: null, result: null } as const;

/**
 * One upload at a time with progress, retry and cancel. The file is kept after a failure, so
 * `retry()` sends it again without recording or choosing it again. `start` and `retry` resolve
 * with the result and reject with the failure (a cancel rejects with an AbortError).
 */
export function useUpload<T>(send: SendFile<T>) {
  const [state, setState] = useState<UploadState<T>>(IDLE);
  const file = useRef<Blob | null>(null);
  const controller = useRef<AbortController | null>(null);
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  }, [send]);

  const run = useCallback(async (blob: Blob): Promise<T> => {
    controller.current?.abort();
    const mine = new AbortController();
    controller.current = mine;
    file.current = blob;
    setState({ status: 'uploading', progress: 0, error: null, result: null });
    try {
      const result = await sendRef.current(blob, {
        signal: mine.signal,
        onProgress: (share) => {
          if (!mine.signal.aborted) setState((old) => ({ ...old, progress: share }));
        },
      });
      // Cancelled while the answer was on its way: the caller no longer wants it.
      if (mine.signal.aborted) throw new DOMException('The upload was cancelled.', 'AbortError');
      setState({ status: 'done', progress: 1, error: null, result });
      controller.current = null;
      return result;
    } catch (error) {
      if (controller.current === mine && !mine.signal.aborted) {
        setState({
          status: 'failed',
          progress: 0,
          error: errorMessage(error, 'The upload failed. Check your connection and try again.'),
          result: null,
        });
        controller.current = null;
      }
      throw error;
    }
  }, []);

  const start = useCallback((blob: Blob) => run(blob), [run]);

  const retry = useCallback(() => {
    if (!file.current) return Promise.reject(new Error('Nothing to upload again.'));
    return run(file.current);
  }, [run]);

  /** Stops an upload under way; the file stays for a later retry. */
  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState(IDLE);
  }, []);

  /** Forgets the file too (removed, or sent and done with). */
  const reset = useCallback(() => {
    cancel();
    file.current = null;
  }, [cancel]);

  useEffect(() => () => controller.current?.abort(), []);

  return { ...state, start, retry, cancel, reset };
}
