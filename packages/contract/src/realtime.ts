import { z } from 'zod';
import { dmMessage } from './dms.js';
import { notificationView, unreadCounts } from './notifications.js';

/**
 * The realtime stream (docs/product/realtime.md): `GET /api/events`, Server-Sent Events, one per
 * signed-in client. The access token travels in the Authorization header as on every call (the
 * web app reads the stream with fetch, never with a token in the address). Each event's SSE
 * `event:` is its `type`, its `data:` the JSON below, its `id:` what `Last-Event-ID` sends back
 * on reconnecting to receive what was missed.
 */
export const EVENTS_PATH = '/events';

/** Seconds between comment lines that keep proxies from closing a quiet stream. */
export const STREAM_HEARTBEAT_SECONDS = 20;

/**
 * Each event's schema under its type. A client checks an event against its own type's schema
 * (the SSE `event:` names it), so a connection's first event does not build them all.
 */
export const streamEventSchemas = {
  /** Someone did something for the viewer: a new line, or a fold grown by one. */
  notification: z.object({ type: z.literal('notification'), notification: notificationView }),
  /** A message in one of the viewer's conversations, sent by either person (other devices). */
  dm: z.object({ type: z.literal('dm'), message: dmMessage }),
  'dm-listened': z.object({
    type: z.literal('dm-listened'),
    conversationId: z.string(),
    messageId: z.string(),
    listenedAt: z.string(),
  }),
  'dm-deleted': z.object({
    type: z.literal('dm-deleted'),
    conversationId: z.string(),
    messageId: z.string(),
  }),
  /**
   * A post entered the viewer's feed (someone they vibe with, or on a quest they share, posted).
   * Sent live only, never replayed: a returning app asks for the feed's newest post instead.
   */
  'feed-new': z.object({ type: z.literal('feed-new'), postId: z.string() }),
  /**
   * Someone smiled at, hummed or commented on the viewer's post: its counts changed. Live only,
   * like `feed-new`; the app reads the post again where it shows it.
   */
  'post-changed': z.object({ type: z.literal('post-changed'), postId: z.string() }),
  /** Sent whenever any of the viewer's counts changes, and first on every (re)connection. */
  'unread-counts': z.object({
    type: z.literal('unread-counts'),
    counts: unreadCounts,
    /**
     * On a reconnection whose Last-Event-ID could not be replayed in full (too old, too many
     * missed, or from a restarted server): the client refetches its lists instead.
     */
    resync: z.boolean().optional(),
  }),
};

export const streamEvent = z.discriminatedUnion('type', [
  streamEventSchemas.notification,
  streamEventSchemas.dm,
  streamEventSchemas['dm-listened'],
  streamEventSchemas['dm-deleted'],
  streamEventSchemas['feed-new'],
  streamEventSchemas['post-changed'],
  streamEventSchemas['unread-counts'],
]);
export type StreamEvent = z.infer<typeof streamEvent>;
export type StreamEventType = StreamEvent['type'];
