import { OFFLINE_MAX_RETRIES, type MediaPurpose } from '@doers/contract';
import { isApiError } from '../api-error';
import { bodyToSend, type QueueItem, type QueueItemType } from './queue-item';
import type { QueueStore } from './queue-store';

export interface ReplayDeps {
  store: QueueStore;
  /** Whose items to send: the signed-in person's. */
  userId: string;
  upload(blob: Blob, purpose: MediaPurpose): Promise<{ id: string }>;
  /** Sends the item's request with its Idempotency-Key; rejects with the API's error. */
  send(item: QueueItem, body: Record<string, unknown> | null): Promise<unknown>;
  /** Marks stale what the sent action changed. */
  sent(type: QueueItemType): void;
}

export interface ReplayOutcome {
  sent: number;
  dropped: number;
  /** Failed, kept for the next run with one more retry counted. */
  kept: number;
  /** The connection went (or the session ended) mid-run: the rest waits, nothing counted. */
  interrupted: boolean;
}

/**
 * No answer (status 0) or no session (401): the action itself did not fail, so it is not held
 * against its retries; the run stops and the next one (reconnect, sign-in) takes it up.
 */
function isInterruption(error: unknown): boolean {
  return !isApiError(error) || error.statusCode === 0 || error.statusCode === 401;
}

/**
 * One replay run, oldest first: each item's files are uploaded (their ids kept on the item as
 * they arrive), then its request is sent. Success removes it; a refusal counts one retry and
 * the item is dropped, silently, at the third.
 */
export async function replayQueue(deps: ReplayDeps): Promise<ReplayOutcome> {
  const outcome: ReplayOutcome = { sent: 0, dropped: 0, kept: 0, interrupted: false };
  const items = (await deps.store.all()).filter((item) => item.userId === deps.userId);
  for (const item of items) {
    try {
      for (const upload of item.data.uploads) {
        if (upload.mediaId || !upload.blob) continue;
        upload.mediaId = (await deps.upload(upload.blob, upload.purpose)).id;
        upload.blob = null;
        await deps.store.put(item);
      }
      await deps.send(item, bodyToSend(item));
      await deps.store.remove(item.id);
      deps.sent(item.type);
      outcome.sent += 1;
    } catch (error) {
      if (isInterruption(error)) {
        outcome.interrupted = true;
        break;
      }
      const retries = item.retries + 1;
      if (retries >= OFFLINE_MAX_RETRIES) {
        await deps.store.remove(item.id);
        outcome.dropped += 1;
      } else {
        await deps.store.put({ ...item, retries });
        outcome.kept += 1;
      }
    }
  }
  return outcome;
}
