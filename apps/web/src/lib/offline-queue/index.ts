import { useMemo } from 'react';
import { useStore } from 'zustand';
import { api } from '../api';
import { selectSignedInUserId, useAuthStore } from '../auth/use-auth-store';
import { queryClient } from '../query-client';
import { randomId } from '../random-id';
import { whenIdle } from '../when-idle';
import { invalidateAfterReplay } from './invalidation';
import { createOfflineQueue, type OfflineState } from './offline-queue';
import type { QueueItem, QueueItemType, QueueRequest } from './queue-item';
import { indexedDbQueueStore } from './queue-store';
import { sendOrQueue, type SendOutcome } from './send-or-queue';

export type { QueueItem, QueueItemType, QueueRequest, QueuedUpload } from './queue-item';
export { queuedFile } from './queue-item';
export { queuedEndpoint, type SendOutcome } from './send-or-queue';
export { offlineBanner } from './banner-text';

/** The app's one queue (docs/product/offline-queue.md). */
export const offlineQueue = createOfflineQueue({
  store: indexedDbQueueStore(),
  replay: {
    // Loaded when a queued file is sent: the uploader (tus) stays out of the first load.
    upload: async (blob, purpose) => (await import('../media-upload')).uploadMedia(blob, purpose),
    // The stored path and body as they were made; the contract built them (queuedEndpoint).
    send: (item, body) =>
      api.request(item.method, item.endpoint, {
        body: body ?? undefined,
        headers: { 'Idempotency-Key': item.idempotencyKey },
      }),
    sent: (type) => invalidateAfterReplay(queryClient, type),
  },
  currentUserId: () => selectSignedInUserId(useAuthStore.getState()),
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine,
  random: randomId,
});

/** The toast for an action kept in the queue: `what` is e.g. "Your check-in". */
export function savedOfflineMessage(what: string): string {
  return `${what} is saved on this phone and will be sent when you're back online.`;
}

/** Sends now, or queues when offline or when the answer was lost. */
export function sendOrQueueAction<T>(
  request: QueueRequest | (() => QueueRequest),
  send: () => Promise<T>,
): Promise<SendOutcome<T>> {
  return sendOrQueue(offlineQueue, request, send);
}

/**
 * Follows the browser's connection and the session: a sign-in (or another person's) rereads
 * the queue and sends what is theirs. Called once at startup.
 */
export function startOfflineQueue(): void {
  window.addEventListener('online', () => offlineQueue.wentOnline());
  window.addEventListener('offline', () => offlineQueue.wentOffline());
  let userId = selectSignedInUserId(useAuthStore.getState());
  useAuthStore.subscribe((state) => {
    const next = selectSignedInUserId(state);
    if (next === userId) return;
    userId = next;
    void offlineQueue.reload();
  });
  // The first read waits for a quiet moment after the first screen: opening IndexedDB (creating
  // it, on a first visit) is a long task of a cold start, and what is queued shows on its screen.
  whenIdle(() => void offlineQueue.reload(), 2_000);
}

export function useOfflineState<T>(select: (state: OfflineState) => T): T {
  return useStore(offlineQueue.state, select);
}

/** The signed-in person's queued actions of one type, oldest first. */
export function usePendingItems(type: QueueItemType): QueueItem[] {
  const items = useOfflineState((state) => state.items);
  return useMemo(() => items.filter((item) => item.type === type), [items, type]);
}

/** The queued actions of one type about one subject (a post's smiles, a quest's check-ins). */
export function usePendingCount(type: QueueItemType, subject: string): number {
  return useOfflineState(
    (state) => state.items.filter((item) => item.type === type && item.subject === subject).length,
  );
}
