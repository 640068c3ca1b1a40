import { postsApi, type Comment, type CommentPage, type Media } from '@doers/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { api } from '../../../lib/api';
import { errorMessage, isApiError } from '../../../lib/api-error';
import {
  queuedEndpoint,
  queuedFile,
  savedOfflineMessage,
  sendOrQueueAction,
} from '../../../lib/offline-queue';
import { randomId } from '../../../lib/random-id';
import { toast } from '../../../lib/toast-store';
import { withCount } from '../lib/post-cache';
import { postKeys } from '../post-keys';
import {
  cachedOrLate,
  earlyPostId,
  hasEarlyComments,
  takeEarlyComments,
  takeEarlyPost,
} from './early-answers';
import { patchPost } from './post-cache-updates';

export function usePost(postId: string) {
  return useQuery(postQuery(postId));
}

/**
 * On a signed-in cold start, the post and the comments index.html asked for go into the cache
 * before its page first draws (the route's `lazy` waits for this): one draw and one layout, not a
 * skeleton, the post, then its comments. Any other arrival waits for nothing.
 */
export async function earlyPostLoaded(queryClient: QueryClient): Promise<void> {
  const postId = earlyPostId();
  if (postId === null) return;
  const comments = hasEarlyComments(postId)
    ? queryClient.prefetchInfiniteQuery(commentsQuery(postId))
    : null;
  await cachedOrLate(Promise.all([queryClient.prefetchQuery(postQuery(postId)), comments]));
}

function postQuery(postId: string) {
  return queryOptions({
    queryKey: postKeys.detail(postId),
    queryFn: ({ signal }) =>
      takeEarlyPost(postId) ?? api.call(postsApi.get, { params: { id: postId }, signal }),
    refetchOnMount: true,
    staleTime: 30_000,
    // A 404 (deleted, blocked, not visible) is the answer; asking again changes nothing.
    retry: (count, error) => !(isApiError(error) && error.statusCode < 500) && count < 1,
  });
}

/**
 * Who smiled at or hummed a post, newest first, a page at a time. With none (the post's count
 * says so) there is nothing to ask for; a first smile or hum then asks.
 */
export function useReactors(kind: 'smiles' | 'hums', postId: string, count: number) {
  return useInfiniteQuery({
    queryKey: kind === 'smiles' ? postKeys.smiles(postId) : postKeys.hums(postId),
    queryFn: ({ pageParam, signal }) =>
      api.call(postsApi[kind], {
        params: { id: postId },
        query: { cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: count > 0,
    refetchOnMount: true,
    staleTime: 30_000,
  });
}

type CommentPages = InfiniteData<CommentPage, string | null>;

/** Voice comments, oldest first; more load at the end. */
export function useComments(postId: string) {
  return useInfiniteQuery(commentsQuery(postId));
}

function commentsQuery(postId: string) {
  return infiniteQueryOptions({
    queryKey: postKeys.comments(postId),
    queryFn: ({ pageParam, signal }) =>
      (pageParam === null ? takeEarlyComments(postId) : null) ??
      api.call(postsApi.comments, {
        params: { id: postId },
        query: { cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: true,
    staleTime: 30_000,
  });
}

/** Deletes a comment (mine, or any on my post): it leaves the list at once, back if refused. */
export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient();
  const key = postKeys.comments(postId);
  const mutation = useMutation({
    mutationFn: ({ comment, idempotencyKey }: { comment: Comment; idempotencyKey: string }) =>
      api.call(postsApi.removeComment, {
        params: { id: postId, commentId: comment.id },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onMutate: ({ comment }) => {
      const before = queryClient.getQueryData<CommentPages>(key);
      queryClient.setQueryData<CommentPages>(key, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.filter((item) => item.id !== comment.id),
              })),
            }
          : data,
      );
      patchPost(queryClient, postId, (post) => withCount(post, 'comments', -1));
      return { before };
    },
    onSuccess: () => toast.success('Comment deleted'),
    onError: (error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      patchPost(queryClient, postId, (post) => withCount(post, 'comments', 1));
      toast.error(errorMessage(error, 'Could not delete the comment. Try again.'));
    },
  });
  return {
    ...mutation,
    remove: (comment: Comment) => mutation.mutate({ comment, idempotencyKey: randomId() }),
  };
}

/**
 * Sends a voice comment: upload (purpose `comment`) with progress, then `POST /posts/:id/comments`.
 * A failure rejects and keeps what already went through: a retry of the same recording reuses
 * the uploaded file and the same Idempotency-Key, so it never comments twice. Offline, or when
 * the line drops on the way, the comment goes to the offline queue (resolving null) with the
 * file or, if it arrived, its upload.
 */
export function useSendComment(postId: string) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const sent = useRef<{ blob: Blob; media: Media | null; key: string } | null>(null);

  const send = useCallback(
    async (blob: Blob, transcript?: string): Promise<Comment | null> => {
      if (sent.current?.blob !== blob) sent.current = { blob, media: null, key: randomId() };
      const attempt = sent.current;
      try {
        const outcome = await sendOrQueueAction(
          () => ({
            type: 'comment',
            ...queuedEndpoint(postsApi.comment, { id: postId }),
            body: transcript ? { transcript } : null,
            uploads: [queuedFile('voiceMediaId', 'comment', blob, attempt.media)],
            idempotencyKey: attempt.key,
            subject: postId,
          }),
          async () => {
            if (!attempt.media) {
              setProgress(0);
              // The upload client (tus and all) loads when a comment is sent, not with the feed.
              const { uploadMedia } = await import('../../../lib/media-upload');
              attempt.media = await uploadMedia(blob, 'comment', { onProgress: setProgress });
            }
            setProgress(1);
            return api.call(postsApi.comment, {
              params: { id: postId },
              body: { voiceMediaId: attempt.media.id, ...(transcript ? { transcript } : {}) },
              headers: { 'Idempotency-Key': attempt.key },
            });
          },
        );
        sent.current = null;
        if (outcome.queued) {
          patchPost(queryClient, postId, (post) => withCount(post, 'comments', 1));
          toast.info(savedOfflineMessage('Your comment'));
          return null;
        }
        appendComment(queryClient, postId, outcome.value);
        patchPost(queryClient, postId, (post) => withCount(post, 'comments', 1));
        toast.success('Comment sent');
        return outcome.value;
      } finally {
        setProgress(null);
      }
    },
    [postId, queryClient],
  );
  return { send, progress };
}

/** A new comment goes at the end of the loaded ones, if the last page is loaded. */
function appendComment(
  queryClient: ReturnType<typeof useQueryClient>,
  postId: string,
  comment: Comment,
) {
  queryClient.setQueryData<CommentPages>(postKeys.comments(postId), (data) => {
    if (!data) return data;
    const last = data.pages[data.pages.length - 1];
    // More pages to come: the comment shows when the list reaches its end.
    if (!last || last.nextCursor) return data;
    if (last.items.some((item) => item.id === comment.id)) return data;
    return {
      ...data,
      pages: [...data.pages.slice(0, -1), { ...last, items: [...last.items, comment] }],
    };
  });
}
