import type { Conversation, DmMessage, Media } from '@doers/contract';
import { seenThroughABlock } from '../../people/index.js';
import type { MediaRow } from '../../media/index.js';
import { cannotSendReason } from './dm-rules.js';
import type { ConversationRow, MediaJson, MessageRow } from './dm-sql.js';

type PresentMedia = (row: MediaRow) => Media;

function mediaRowOf(json: MediaJson): MediaRow {
  return {
    ...json,
    created_at: new Date(json.created_at),
    attached_at: json.attached_at ? new Date(json.attached_at) : null,
  };
}

const iso = (at: string | Date) => new Date(at).toISOString();

/** A message as `viewerId` sees it: `mine` depends on who asks. */
export function presentMessage(r: MessageRow, viewerId: string, present: PresentMedia): DmMessage {
  return {
    id: r.id,
    conversationId: r.conversation_id,
    senderId: r.sender_id,
    mine: r.sender_id === viewerId,
    voice: present(mediaRowOf(r.voice)),
    createdAt: iso(r.created_at),
    listenedAt: r.listened_at ? iso(r.listened_at) : null,
  };
}

export function presentConversation(r: ConversationRow, viewerId: string): Conversation {
  const reason = cannotSendReason(r);
  return {
    id: r.id,
    // Someone who blocked the viewer keeps their name here, not their picture.
    other: r.blocks_viewer ? seenThroughABlock(r.other) : r.other,
    lastMessage: r.last
      ? {
          id: r.last.id,
          mine: r.last.senderId === viewerId,
          durationMs: r.last.durationMs,
          createdAt: iso(r.last.createdAt),
          listenedAt: r.last.listenedAt ? iso(r.last.listenedAt) : null,
        }
      : null,
    unread: r.unread,
    canSend: reason === null,
    cannotSendReason: reason,
    updatedAt: iso(r.last_message_at ?? r.created_at),
  };
}
