import type { Conversation, ConversationPage, DmMessage, DmMessagePage } from '@doers/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { dmKeys } from '../dm-keys';

/*
 * The query caches are the source of truth of every messages screen: a send, a listen, a delete
 * made here, and the same arriving over the realtime stream from the other person (or another
 * device), go through these functions, which patch the list, the conversation and the thread in
 * place. Nothing polls.
 */

type Pages<T> = InfiniteData<T, string | null>;
type ListPages = Pages<ConversationPage>;
type ThreadPages = Pages<DmMessagePage>;

function previewOf(message: DmMessage): NonNullable<Conversation['lastMessage']> {
  return {
    id: message.id,
    mine: message.mine,
    durationMs: message.voice.durationMs ?? 0,
    createdAt: message.createdAt,
    listenedAt: message.listenedAt,
  };
}

function patchConversation(
  queryClient: QueryClient,
  conversationId: string,
  patch: (conversation: Conversation) => Conversation,
): void {
  queryClient.setQueryData<Conversation>(
    dmKeys.conversation(conversationId),
    (current) => current && patch(current),
  );
  queryClient.setQueryData<ListPages>(
    dmKeys.list,
    (current) =>
      current && {
        ...current,
        pages: current.pages.map((page) => ({
          ...page,
          items: page.items.map((c) => (c.id === conversationId ? patch(c) : c)),
        })),
      },
  );
}

function patchThread(
  queryClient: QueryClient,
  conversationId: string,
  patch: (items: DmMessage[], pageIndex: number) => DmMessage[],
): void {
  queryClient.setQueryData<ThreadPages>(
    dmKeys.messages(conversationId),
    (current) =>
      current && {
        ...current,
        pages: current.pages.map((page, index) => ({ ...page, items: patch(page.items, index) })),
      },
  );
}

/**
 * A message in one of my conversations, sent by me or by the other person: first in its thread
 * (pages are newest first), its conversation on top of the list with it as the last message, and
 * one more unread when it is theirs. A conversation the list does not hold yet makes the list
 * load again. Applying the same message twice changes nothing.
 */
export function applyDmMessage(queryClient: QueryClient, message: DmMessage): void {
  const { conversationId } = message;
  let isNew = true;
  const thread = queryClient.getQueryData<ThreadPages>(dmKeys.messages(conversationId));
  if (thread?.pages.some((page) => page.items.some((m) => m.id === message.id))) isNew = false;
  patchThread(queryClient, conversationId, (items, index) =>
    index === 0 && isNew
      ? [message, ...items]
      : items.map((m) => (m.id === message.id ? message : m)),
  );

  const bump = (c: Conversation): Conversation => {
    const newer = !c.lastMessage || c.lastMessage.createdAt <= message.createdAt;
    const unseen = isNew && !message.mine && c.lastMessage?.id !== message.id;
    return {
      ...c,
      lastMessage: newer ? previewOf(message) : c.lastMessage,
      updatedAt: newer ? message.createdAt : c.updatedAt,
      unread: unseen ? c.unread + 1 : c.unread,
    };
  };
  queryClient.setQueryData<Conversation>(
    dmKeys.conversation(conversationId),
    (current) => current && bump(current),
  );

  const list = queryClient.getQueryData<ListPages>(dmKeys.list);
  if (!list) return;
  const held = list.pages.flatMap((page) => page.items).find((c) => c.id === conversationId);
  if (!held) {
    void queryClient.invalidateQueries({ queryKey: dmKeys.list });
    return;
  }
  const moved = bump(held);
  queryClient.setQueryData<ListPages>(dmKeys.list, {
    ...list,
    pages: list.pages.map((page, index) => {
      const rest = page.items.filter((c) => c.id !== conversationId);
      return { ...page, items: index === 0 ? [moved, ...rest] : rest };
    }),
  });
}

/** The other person played one of my messages: its listened mark, in the thread and the list. */
export function applyDmListened(
  queryClient: QueryClient,
  event: { conversationId: string; messageId: string; listenedAt: string },
): void {
  patchThread(queryClient, event.conversationId, (items) =>
    items.map((m) =>
      m.id === event.messageId ? { ...m, listenedAt: m.listenedAt ?? event.listenedAt } : m,
    ),
  );
  patchConversation(queryClient, event.conversationId, (c) =>
    c.lastMessage?.id === event.messageId
      ? { ...c, lastMessage: { ...c.lastMessage, listenedAt: event.listenedAt } }
      : c,
  );
}

/**
 * A message was deleted (by its sender): gone from its thread. The list's preview and unread
 * count are the server's to say, so the list and the conversation load again.
 */
export function applyDmDeleted(
  queryClient: QueryClient,
  event: { conversationId: string; messageId: string },
): void {
  patchThread(queryClient, event.conversationId, (items) =>
    items.filter((m) => m.id !== event.messageId),
  );
  void queryClient.invalidateQueries({ queryKey: dmKeys.list });
  void queryClient.invalidateQueries({ queryKey: dmKeys.conversation(event.conversationId) });
}

/** I opened a conversation: nothing in it is unread for me any more. */
export function applyDmRead(queryClient: QueryClient, conversationId: string): void {
  patchConversation(queryClient, conversationId, (c) => (c.unread ? { ...c, unread: 0 } : c));
}

/** A conversation as the server answered it (opened, or read again), into the caches. */
export function putConversation(queryClient: QueryClient, conversation: Conversation): void {
  queryClient.setQueryData(dmKeys.conversation(conversation.id), conversation);
  patchConversation(queryClient, conversation.id, () => conversation);
}
