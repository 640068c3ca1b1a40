import type { Conversation, PersonSummary } from '@doers/contract';
import { formatClock, spokenDuration } from '../../../components/voice/format-clock';

export const nameOf = (person: PersonSummary) => person.displayName || `@${person.username}`;

/** The list's line under a name: who spoke last, and for how long. */
export function previewText(conversation: Conversation): string {
  const last = conversation.lastMessage;
  if (!last) return 'No messages yet';
  const length = formatClock(last.durationMs / 1000);
  if (!last.mine) return `Voice message · ${length}`;
  return `You: voice message · ${length}${last.listenedAt ? ' · Listened' : ''}`;
}

/** The same line for screen readers, with the unread count. */
export function conversationLabel(conversation: Conversation): string {
  const name = nameOf(conversation.other);
  const last = conversation.lastMessage;
  const parts = [`Conversation with ${name}`];
  if (conversation.unread > 0) {
    parts.push(
      `${conversation.unread} unread ${conversation.unread === 1 ? 'message' : 'messages'}`,
    );
  }
  if (last) {
    const length = spokenDuration(last.durationMs / 1000);
    parts.push(
      last.mine
        ? `you sent a ${length} voice message${last.listenedAt ? ', listened' : ''}`
        : `last voice message ${length}`,
    );
  }
  return parts.join(', ');
}
