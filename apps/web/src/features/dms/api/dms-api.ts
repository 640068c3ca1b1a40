import { dmsApi, type Conversation, type DmMessage } from '@doers/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { api } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';
import { uploadMedia } from '../../../lib/media-upload';
import { sendOrQueueAction } from '../../../lib/offline-queue';
import { reflects } from '../../../lib/query-topics';
import { randomId } from '../../../lib/random-id';
import { notificationKeys } from '../../notifications';
import { dmKeys } from '../dm-keys';
import { createDmSender } from '../lib/dm-sender';
import {
  applyDmDeleted,
  applyDmListened,
  applyDmMessage,
  applyDmRead,
  putConversation,
} from '../lib/dm-cache';

/** A 4xx (not mine, gone, refused) is the answer: asking again changes nothing. */
const retryServerErrors = (count: number, error: unknown) =>
  !(isApiError(error) && error.statusCode < 500) && count < 1;

/**
 * My conversations, newest activity first. Loaded on every visit (a block or an unblock changes
 * who may send); kept fresh meanwhile by the cache updates of lib/dm-cache.ts.
 */
export function useConversations() {
  return useInfiniteQuery({
    ...reflects('blocks'),
    queryKey: dmKeys.list,
    queryFn: ({ pageParam, signal }) =>
      api.call(dmsApi.conversations, { query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: 'always',
  });
}

export function useConversation(conversationId: string, enabled = true) {
  return useQuery({
    ...reflects('blocks'),
    queryKey: dmKeys.conversation(conversationId),
    queryFn: ({ signal }) => api.call(dmsApi.get, { params: { id: conversationId }, signal }),
    enabled,
    refetchOnMount: 'always',
    retry: retryServerErrors,
  });
}

/** A thread's messages, newest first as the API pages them (the screen shows them oldest on top). */
export function useMessages(conversationId: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: dmKeys.messages(conversationId),
    queryFn: ({ pageParam, signal }) =>
      api.call(dmsApi.messages, {
        params: { id: conversationId },
        query: { cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    refetchOnMount: 'always',
    retry: retryServerErrors,
  });
}

/** `/dms/new/{userId}`: the conversation with that person, made when there is none. */
export function useOpenConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api.call(dmsApi.open, {
        params: { userId },
        headers: { 'Idempotency-Key': randomId() },
      }),
    onSuccess: (conversation) => putConversation(queryClient, conversation),
  });
}

/** Opening a thread reads it: its unread mark and the header's badge go. */
export function useMarkRead(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(dmsApi.read, { params: { id: conversationId } }),
    onSuccess: () => {
      applyDmRead(queryClient, conversationId);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCounts });
    },
  });
}

/** I played the other person's message: their listened mark (once; a failure is not shown). */
export function useMarkListened() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: DmMessage) =>
      api.call(dmsApi.listened, {
        params: { id: message.conversationId, messageId: message.id },
      }),
    onSuccess: (message) =>
      applyDmListened(queryClient, {
        conversationId: message.conversationId,
        messageId: message.id,
        listenedAt: message.listenedAt ?? new Date().toISOString(),
      }),
  });
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: DmMessage) =>
      api.call(dmsApi.remove, {
        params: { id: message.conversationId, messageId: message.id },
        headers: { 'Idempotency-Key': randomId() },
      }),
    onSuccess: (_nothing, message) =>
      applyDmDeleted(queryClient, {
        conversationId: message.conversationId,
        messageId: message.id,
      }),
  });
}

/**
 * Sends a recording with upload progress (lib/dm-sender.ts: a retry reuses the finished upload
 * and the Idempotency-Key), then shows the message at once. Offline, or when the line drops on
 * the way, the message goes to the offline queue instead and resolves null; the thread shows it
 * as waiting until it is sent.
 */
export function useSendDm(conversation: Pick<Conversation, 'id'>) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [sender] = useState(() =>
    createDmSender({
      upload: (blob, onProgress) => uploadMedia(blob, 'dm', { onProgress }),
      send: (id, voiceMediaId, key, transcript) =>
        api.call(dmsApi.send, {
          params: { id },
          body: { voiceMediaId, ...(transcript ? { transcript } : {}) },
          headers: { 'Idempotency-Key': key },
        }),
    }),
  );

  const send = useCallback(
    async (blob: Blob, transcript?: string): Promise<DmMessage | null> => {
      setProgress(0);
      try {
        const outcome = await sendOrQueueAction(
          () => sender.queued(conversation.id, blob, transcript),
          () => sender.send(conversation.id, blob, setProgress, transcript),
        );
        if (outcome.queued) return null;
        applyDmMessage(queryClient, outcome.value);
        return outcome.value;
      } finally {
        setProgress(null);
      }
    },
    [conversation.id, queryClient, sender],
  );
  return { send, progress };
}
