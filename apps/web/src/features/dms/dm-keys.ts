/** The query keys of messages, all under 'dms' (the offline queue's `dm` item invalidates them all). */
export const dmKeys = {
  all: ['dms'] as const,
  /** The conversation list, newest activity first (infinite pages). */
  list: ['dms', 'list'] as const,
  conversation: (conversationId: string) => ['dms', 'conversation', conversationId] as const,
  /** A thread's messages as the API pages them: newest first (infinite pages). */
  messages: (conversationId: string) => ['dms', 'messages', conversationId] as const,
  settings: ['dms', 'settings'] as const,
};
