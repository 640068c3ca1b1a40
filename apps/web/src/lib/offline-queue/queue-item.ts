import type { MediaPurpose } from '@doers/contract';

/**
 * An action made while the line was down, kept on the device until the server has it
 * (docs/product/offline-queue.md). Everything here survives a reload: IndexedDB stores the
 * recordings and photos as they are.
 */
export type QueueItemType = 'post' | 'checkin' | 'smile' | 'hum' | 'vibe' | 'comment' | 'dm';

export type QueueMethod = 'POST' | 'PUT' | 'DELETE';

/**
 * A file the request needs as a media id: uploaded first on replay, then its id goes into the
 * body under `field`. Once uploaded, the id replaces the blob, so a later failure never uploads
 * the same recording twice.
 */
export interface QueuedUpload {
  field: string;
  purpose: MediaPurpose;
  blob: Blob | null;
  mediaId: string | null;
}

export interface QueueItem {
  /** The type, the time it was queued and a random part: unique and readable in devtools. */
  id: string;
  type: QueueItemType;
  method: QueueMethod;
  /** The API path, e.g. `/posts/abc/smile`, built from the contract when the action was made. */
  endpoint: string;
  data: { body: Record<string, unknown> | null; uploads: QueuedUpload[] };
  /** Sent with every attempt: the server applies the action once, however often it arrives. */
  idempotencyKey: string;
  timestamp: number;
  retries: number;
  /** Whose action it is: only their session replays it. */
  userId: string;
  /** What it is about (a post, a quest, a conversation), for the screens that show it pending. */
  subject: string;
}

/** What a screen hands over; the queue adds the rest. */
export type QueueRequest = Pick<
  QueueItem,
  'type' | 'method' | 'endpoint' | 'idempotencyKey' | 'subject'
> & {
  body?: Record<string, unknown> | null;
  uploads?: QueuedUpload[];
};

export function newQueueItem(
  request: QueueRequest,
  userId: string,
  now: number,
  random: () => string,
): QueueItem {
  const { body = null, uploads = [], ...rest } = request;
  return {
    ...rest,
    id: `${request.type}-${now}-${random().slice(0, 8)}`,
    data: { body, uploads },
    timestamp: now,
    retries: 0,
    userId,
  };
}

/** A file for the queue under `field`: its media id once uploaded, else the file itself. */
export function queuedFile(
  field: string,
  purpose: MediaPurpose,
  blob: Blob,
  media: { id: string } | null,
): QueuedUpload {
  return media
    ? { field, purpose, blob: null, mediaId: media.id }
    : { field, purpose, blob, mediaId: null };
}

/** The body to send: the stored one with each uploaded file's media id in its field. */
export function bodyToSend(item: QueueItem): Record<string, unknown> | null {
  const { body, uploads } = item.data;
  if (uploads.length === 0) return body;
  const merged: Record<string, unknown> = { ...body };
  for (const upload of uploads) merged[upload.field] = upload.mediaId;
  return merged;
}
