import { blocksApi, postsApi, vibesApi, type Post, type VibeReasonChoice } from '@doers/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';
import { invalidateAccount } from '../../../lib/auth/use-account';
import { queuedEndpoint, savedOfflineMessage, sendOrQueueAction } from '../../../lib/offline-queue';
import { invalidateTopic } from '../../../lib/query-topics';
import { randomId } from '../../../lib/random-id';
import { toast } from '../../../lib/toast-store';
import {
  restoredReaction,
  toggledReaction,
  withCount,
  withReactionState,
  type ReactionKind,
} from '../lib/post-cache';
import { postKeys } from '../post-keys';
import {
  cachedPost,
  patchPost,
  removeAuthorEverywhere,
  removePostEverywhere,
} from './post-cache-updates';

/*
 * Reactions are optimistic: the card changes at once in every list holding the post, and goes
 * back with a toast when the server refuses. Each press is one intent with its own
 * Idempotency-Key, which the mutation's single retry (a lost answer) reuses. Offline, or when
 * the answer is lost, the press waits in the offline queue with that key (the card keeps its
 * new state, marked as waiting) and is sent when the line is back.
 */

const latest = new Map<string, number>();
/** Counts presses per post and kind, so only the newest press's answer or failure lands. */
function press(scope: string): number {
  const next = (latest.get(scope) ?? 0) + 1;
  latest.set(scope, next);
  return next;
}
const isLatest = (scope: string, id: number) => latest.get(scope) === id;

/** `mutate` without the key: each call is a new intent and gets its own. */
function withFreshKey<V extends { key: string }, O>(mutate: (variables: V, options?: O) => void) {
  return (variables: Omit<V, 'key'>, options?: O) =>
    mutate({ ...variables, key: randomId() } as V, options);
}

interface ToggleVariables {
  post: Post;
  on: boolean;
  key: string;
}

function useToggle(kind: ReactionKind) {
  const queryClient = useQueryClient();
  const endpoints =
    kind === 'smile'
      ? { on: postsApi.smile, off: postsApi.unsmile }
      : { on: postsApi.hum, off: postsApi.unhum };
  const mutation = useMutation({
    // Runs offline too: the offline queue, not a paused mutation, keeps the press across reloads.
    networkMode: 'always',
    mutationFn: ({ post, on, key }: ToggleVariables) => {
      const endpoint = on ? endpoints.on : endpoints.off;
      return sendOrQueueAction(
        {
          type: kind,
          ...queuedEndpoint(endpoint, { id: post.id }),
          idempotencyKey: key,
          subject: post.id,
        },
        () => api.call(endpoint, { params: { id: post.id }, headers: { 'Idempotency-Key': key } }),
      );
    },
    onMutate: ({ post, on }) => {
      const before = cachedPost(queryClient, post.id) ?? post;
      const scope = `${kind}:${post.id}`;
      const id = press(scope);
      patchPost(queryClient, post.id, (current) => toggledReaction(current, kind, on));
      return { before, scope, id };
    },
    onSuccess: (outcome, { post }, context) => {
      if (outcome.queued) return;
      if (isLatest(context.scope, context.id))
        patchPost(queryClient, post.id, (current) => withReactionState(current, outcome.value));
      // Who smiled or hummed is a list on the post's page.
      void queryClient.invalidateQueries({
        queryKey: kind === 'smile' ? postKeys.smiles(post.id) : postKeys.hums(post.id),
      });
    },
    onError: (error, { post, on }, context) => {
      if (context && isLatest(context.scope, context.id))
        patchPost(queryClient, post.id, (current) => restoredReaction(current, context.before));
      const action = {
        smile: on ? 'smile' : 'remove your smile',
        hum: on ? 'hum' : 'remove your hum',
      }[kind];
      toast.error(errorMessage(error, `Could not ${action}. Try again.`));
    },
  });
  return {
    isPending: mutation.isPending,
    /** Turns the reaction on or off, as the viewer's mark says it is now. */
    toggle(post: Post) {
      const on = !(kind === 'smile' ? post.viewer.smiled : post.viewer.hummed);
      mutation.mutate({ post, on, key: randomId() });
    },
  };
}

/** Smile or take the smile back. */
export function useSmileToggle() {
  return useToggle('smile');
}

/** Hum (amplify to the people who vibe with me) or take it back. */
export function useHumToggle() {
  return useToggle('hum');
}

/** A vibe to the post's author with a reason; the post's vibe count goes up at once. */
export function useVibeFromPost() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    networkMode: 'always',
    mutationFn: ({ post, reason, key }: { post: Post; reason: VibeReasonChoice; key: string }) => {
      const body = { targetUserId: post.author.id, vibeReason: reason, postId: post.id };
      return sendOrQueueAction(
        {
          type: 'vibe',
          ...queuedEndpoint(vibesApi.send, {}),
          body,
          idempotencyKey: key,
          subject: post.id,
        },
        () => api.call(vibesApi.send, { body, headers: { 'Idempotency-Key': key } }),
      );
    },
    onMutate: ({ post }) => patchPost(queryClient, post.id, (p) => withCount(p, 'vibes', 1)),
    onSuccess: (outcome, { post, reason }) => {
      const name = post.author.displayName || `@${post.author.username}`;
      if (outcome.queued) {
        toast.info(savedOfflineMessage(`Your vibe to ${name}`));
        return;
      }
      toast.success(
        `Vibe sent to ${name}: ${reason}` +
          (outcome.value.startedVibingWith ? '. You now vibe with them.' : ''),
      );
      void invalidateTopic(queryClient, 'people');
    },
    onError: (error, { post }) => {
      patchPost(queryClient, post.id, (p) => withCount(p, 'vibes', -1));
      toast.error(errorMessage(error, 'Your vibe was not sent. Try again.'));
    },
  });
  return { ...mutation, send: withFreshKey(mutation.mutate) };
}

/** The author deletes their post: it leaves every list; counts on their profile follow. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ post, key }: { post: Post; key: string }) =>
      api.call(postsApi.remove, { params: { id: post.id }, headers: { 'Idempotency-Key': key } }),
    onSuccess: (_none, { post }) => {
      removePostEverywhere(queryClient, post.id);
      queryClient.removeQueries({ queryKey: postKeys.detail(post.id) });
      void invalidateTopic(queryClient, 'posts');
      // My figures on my profile (posts, smiles received) follow.
      void invalidateAccount(queryClient);
      toast.success('Post deleted');
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not delete the post. Try again.')),
  });
  return { ...mutation, remove: withFreshKey(mutation.mutate) };
}

/** Blocks a post's author: their posts leave every list at once, and the lists refresh. */
export function useBlockAuthor() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ userId, key }: { userId: string; name: string; key: string }) =>
      api.call(blocksApi.block, { params: { id: userId }, headers: { 'Idempotency-Key': key } }),
    onSuccess: (_none, { userId, name }) => {
      removeAuthorEverywhere(queryClient, userId);
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      void invalidateTopic(queryClient, 'posts');
      void invalidateTopic(queryClient, 'blocks');
      toast.success(`${name} is blocked. You will not see each other's posts.`);
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not block. Try again.')),
  });
  return { ...mutation, block: withFreshKey(mutation.mutate) };
}
