import { z } from 'zod';
import { endpoint } from './http.js';
import { media } from './media.js';
import { transcriptText } from './transcripts.js';
import { pageOf, pageQuery } from './pagination.js';
import { personSummary } from './users.js';

/**
 * Voice direct messages (docs/product/messages.md): one to one, each message a voice note of at
 * most the sender's `limits.dmDuration` seconds (uploaded first with purpose `dm`). With
 * `dmDuration` 0 messaging is off for that person: the header hides its button and sending is
 * refused.
 */

/** Who may start or continue a conversation with someone: a privacy setting. */
export const DM_PERMISSIONS = ['everyone', 'vibers', 'nobody'] as const;
export type DmPermission = (typeof DM_PERMISSIONS)[number];

export const dmMessage = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  /** Sent by the viewer. */
  mine: z.boolean(),
  voice: media,
  createdAt: z.string(),
  /** When the recipient first played it to the end or most of it; null until then. */
  listenedAt: z.string().nullable(),
});
export type DmMessage = z.infer<typeof dmMessage>;
export const dmMessagePage = pageOf(dmMessage);
export type DmMessagePage = z.infer<typeof dmMessagePage>;

/** The newest message, as a conversation list shows it. */
export const dmPreview = z.object({
  id: z.string(),
  mine: z.boolean(),
  durationMs: z.number().int(),
  createdAt: z.string(),
  listenedAt: z.string().nullable(),
});
export type DmPreview = z.infer<typeof dmPreview>;

export const conversation = z.object({
  id: z.string(),
  /** The other person, with what their halo needs. */
  other: personSummary.extend({ colorTheme: z.string(), haloIntensity: z.number() }),
  lastMessage: dmPreview.nullable(),
  /** Messages from the other person the viewer has not opened yet. */
  unread: z.number().int(),
  /** Whether the viewer may send here now (permissions, blocks, their own dmDuration). */
  canSend: z.boolean(),
  /** Why not, in words for the screen; null when canSend. */
  cannotSendReason: z.string().nullable(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof conversation>;
export const conversationPage = pageOf(conversation);
export type ConversationPage = z.infer<typeof conversationPage>;

export const conversationParams = z.object({ id: z.uuid('Not a valid conversation id') });
export const dmMessageParams = conversationParams.extend({
  messageId: z.uuid('Not a valid message id'),
});
export const dmWithParams = z.object({ userId: z.uuid('Not a valid user id') });

export const sendDmRequest = z.object({
  /** An upload of purpose `dm` (voice), not used by anything yet. */
  voiceMediaId: z.uuid('Record a voice message first'),
  /** What the speaker's device heard, as they corrected it: at most maxTranscriptLength. */
  transcript: transcriptText.optional(),
});
export type SendDmRequest = z.infer<typeof sendDmRequest>;

export const dmSettings = z.object({
  whoCanMessage: z.enum(DM_PERMISSIONS, {
    error: `whoCanMessage must be one of ${DM_PERMISSIONS.join(', ')}`,
  }),
});
export type DmSettings = z.infer<typeof dmSettings>;

export const dmsApi = {
  /** The viewer's conversations that hold a message, newest activity first. */
  conversations: endpoint({
    method: 'GET',
    path: '/dms',
    access: 'signed-in',
    query: pageQuery,
    response: conversationPage,
  }),
  /**
   * The conversation with a person, created when there is none yet (`/dms/new/{userId}`).
   * Refused when that person cannot be messaged by the viewer.
   */
  open: endpoint({
    method: 'PUT',
    path: '/dms/with/:userId',
    access: 'signed-in',
    params: dmWithParams,
    response: conversation,
    idempotent: true,
  }),
  get: endpoint({
    method: 'GET',
    path: '/dms/:id',
    access: 'signed-in',
    params: conversationParams,
    response: conversation,
  }),
  /** Newest first; the web app shows them oldest at the top. */
  messages: endpoint({
    method: 'GET',
    path: '/dms/:id/messages',
    access: 'signed-in',
    params: conversationParams,
    query: pageQuery,
    response: dmMessagePage,
  }),
  send: endpoint({
    method: 'POST',
    path: '/dms/:id/messages',
    access: 'signed-in',
    params: conversationParams,
    body: sendDmRequest,
    response: dmMessage,
    status: 201,
    idempotent: true,
  }),
  /** The viewer opened the conversation: every message in it so far is read. */
  read: endpoint({
    method: 'POST',
    path: '/dms/:id/read',
    access: 'signed-in',
    params: conversationParams,
    response: null,
    idempotent: true,
  }),
  /** The recipient played a message: the sender sees it listened. */
  listened: endpoint({
    method: 'POST',
    path: '/dms/:id/messages/:messageId/listened',
    access: 'signed-in',
    params: dmMessageParams,
    response: dmMessage,
    idempotent: true,
  }),
  /** Its sender deletes a message, and its audio with it, for both people. */
  remove: endpoint({
    method: 'DELETE',
    path: '/dms/:id/messages/:messageId',
    access: 'signed-in',
    params: dmMessageParams,
    response: null,
    idempotent: true,
  }),
  settings: endpoint({
    method: 'GET',
    path: '/dms/settings',
    access: 'signed-in',
    response: dmSettings,
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/dms/settings',
    access: 'signed-in',
    body: dmSettings,
    response: dmSettings,
    idempotent: true,
  }),
};
