import { mediaApi, postsApi, type Media, type Post, type PostVisibility } from '@doers/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import type { SendFile } from '../../../../components/media/use-upload';
import { api } from '../../../../lib/api';
import { errorMessage } from '../../../../lib/api-error';
import { invalidateAccount } from '../../../../lib/auth/use-account';
import { uploadMedia } from '../../../../lib/media-upload';
import { offlineQueue, queuedEndpoint, queuedFile } from '../../../../lib/offline-queue';
import { invalidateTopic } from '../../../../lib/query-topics';
import { randomId } from '../../../../lib/random-id';
import { postKeys } from '../../post-keys';
import {
  composerReducer,
  createRequestOf,
  idempotencyKeyFor,
  initialComposerState,
  shareReadiness,
} from '../lib/composer-state';

const UPLOAD_FAILED = 'The upload failed. Check your connection and try again.';
const COULD_NOT_KEEP = 'This phone could not keep your post for later. Try again when online.';

/** An upload nothing will use any more (re-recorded, removed, abandoned): the server drops it. */
const discardOnServer = (media: Media) =>
  void api.call(mediaApi.remove, { params: { id: media.id } }).catch(() => undefined);

/**
 * The composer's state with its side effects: the voice note uploads the moment it is recorded,
 * the photo or video the moment it is chosen (through MediaPicker's `send`), and a requested
 * share goes out once both are up. The recording's blob stays for a retry until it is removed.
 * Offline, `shareLater` hands the post to the offline queue: the files that did not upload go
 * with it as they are, the ones that did as their media ids.
 */
export function useComposer({
  questId,
  onShared,
  onQueued,
}: {
  questId: string | null;
  onShared: (post: Post) => void;
  onQueued: () => void;
}) {
  const [state, dispatch] = useReducer(composerReducer, questId, initialComposerState);
  const queryClient = useQueryClient();
  const voiceBlob = useRef<Blob | null>(null);
  const voiceUpload = useRef<AbortController | null>(null);
  const attachmentFile = useRef<Blob | null>(null);
  // Only the newest attachment upload may report: an older one was replaced or removed.
  const attachmentRun = useRef(0);
  const latest = useRef(state);
  const onSharedRef = useRef(onShared);
  const onQueuedRef = useRef(onQueued);
  useLayoutEffect(() => {
    latest.current = state;
    onSharedRef.current = onShared;
    onQueuedRef.current = onQueued;
  });

  const uploadVoice = useCallback((blob: Blob) => {
    voiceUpload.current?.abort();
    const controller = new AbortController();
    voiceUpload.current = controller;
    const { signal } = controller;
    dispatch({ type: 'upload', piece: 'voice', event: { type: 'uploading' } });
    uploadMedia(blob, 'post', {
      signal,
      onProgress: (progress) => {
        if (!signal.aborted)
          dispatch({ type: 'upload', piece: 'voice', event: { type: 'progress', progress } });
      },
    }).then(
      (media) => {
        if (signal.aborted) return discardOnServer(media);
        dispatch({ type: 'upload', piece: 'voice', event: { type: 'uploaded', media } });
      },
      (error: unknown) => {
        if (signal.aborted) return;
        const message = errorMessage(error, UPLOAD_FAILED);
        dispatch({ type: 'upload', piece: 'voice', event: { type: 'failed', error: message } });
      },
    );
  }, []);

  /** A new recording replaces the last one; its upload starts at once. */
  const recorded = useCallback(
    (blob: Blob) => {
      const previous = latest.current.voice.media;
      if (previous) discardOnServer(previous);
      voiceBlob.current = blob;
      dispatch({ type: 'recorded' });
      uploadVoice(blob);
    },
    [uploadVoice],
  );

  const retryVoice = useCallback(() => {
    if (voiceBlob.current) uploadVoice(voiceBlob.current);
  }, [uploadVoice]);

  const removeVoice = useCallback(() => {
    voiceUpload.current?.abort();
    voiceUpload.current = null;
    const uploaded = latest.current.voice.media;
    if (uploaded) discardOnServer(uploaded);
    voiceBlob.current = null;
    dispatch({ type: 'recording-removed' });
  }, []);

  /** MediaPicker's `send`: the same upload, reported to the composer too. */
  const sendAttachment = useCallback<SendFile<Media>>((file, { signal, onProgress }) => {
    const run = ++attachmentRun.current;
    attachmentFile.current = file;
    const mine = () => run === attachmentRun.current && !signal.aborted;
    dispatch({ type: 'upload', piece: 'attachment', event: { type: 'uploading' } });
    return uploadMedia(file, 'post', {
      signal,
      onProgress: (progress) => {
        onProgress?.(progress);
        if (mine()) {
          dispatch({ type: 'upload', piece: 'attachment', event: { type: 'progress', progress } });
        }
      },
    }).then(
      (media) => {
        if (mine())
          dispatch({ type: 'upload', piece: 'attachment', event: { type: 'uploaded', media } });
        return media;
      },
      (error: unknown) => {
        if (mine()) {
          const message = errorMessage(error, UPLOAD_FAILED);
          dispatch({
            type: 'upload',
            piece: 'attachment',
            event: { type: 'failed', error: message },
          });
        }
        throw error;
      },
    );
  }, []);

  const attachmentRemoved = useCallback(() => {
    attachmentRun.current += 1;
    attachmentFile.current = null;
    dispatch({ type: 'upload', piece: 'attachment', event: { type: 'removed' } });
  }, []);

  const share = useCallback(() => dispatch({ type: 'share-requested' }), []);

  const shareLater = useCallback(async () => {
    const current = latest.current;
    const recording = voiceBlob.current;
    if (!current.recorded || !recording) return;
    const voice = queuedFile('voiceMediaId', 'post', recording, current.voice.media);
    const file = current.attachment.phase === 'idle' ? null : attachmentFile.current;
    const attachment =
      file && queuedFile('attachmentMediaId', 'post', file, current.attachment.media);
    voiceUpload.current?.abort();
    attachmentRun.current += 1;
    try {
      await offlineQueue.enqueue({
        type: 'post',
        ...queuedEndpoint(postsApi.create, {}),
        body: {
          ...(current.questId ? { questId: current.questId } : {}),
          visibility: current.visibility,
          ...(current.transcript.trim() ? { transcript: current.transcript.trim() } : {}),
        },
        uploads: attachment ? [voice, attachment] : [voice],
        idempotencyKey: randomId(),
        subject: current.questId ?? 'post',
      });
    } catch (error) {
      dispatch({ type: 'share-failed', error: errorMessage(error, COULD_NOT_KEEP) });
      return;
    }
    dispatch({ type: 'share-done' });
    onQueuedRef.current();
  }, []);
  const chooseQuest = useCallback(
    (id: string | null) => dispatch({ type: 'quest-chosen', questId: id }),
    [],
  );
  const changeTranscript = useCallback(
    (text: string) => dispatch({ type: 'transcript-changed', text }),
    [],
  );
  const chooseVisibility = useCallback(
    (visibility: PostVisibility) => dispatch({ type: 'visibility-chosen', visibility }),
    [],
  );

  // A requested share goes out as soon as the uploads are done.
  const readiness = shareReadiness(state);
  useEffect(() => {
    if (state.share.phase !== 'waiting' || readiness.kind !== 'ready') return;
    const request = createRequestOf(state);
    if (!request) return;
    const attempt = idempotencyKeyFor(state.attempt, request, randomId);
    dispatch({ type: 'share-sending', ...attempt });
    api.call(postsApi.create, { body: request, headers: { 'Idempotency-Key': attempt.key } }).then(
      (post) => {
        dispatch({ type: 'share-done' });
        void queryClient.invalidateQueries({ queryKey: postKeys.feed });
        void queryClient.invalidateQueries({ queryKey: postKeys.ofUser(post.author.id) });
        void invalidateTopic(queryClient, 'posts');
        invalidateAccount(queryClient); // my post count
        onSharedRef.current(post);
      },
      (error: unknown) =>
        dispatch({
          type: 'share-failed',
          error: errorMessage(
            error,
            'Your post was not shared. Check your connection and try again.',
          ),
        }),
    );
  }, [state, readiness.kind, queryClient]);

  // Leaving mid-upload stops it; what was uploaded but never shared is dropped.
  useEffect(
    () => () => {
      voiceUpload.current?.abort();
      const left = latest.current;
      if (left.share.phase === 'done') return;
      if (left.voice.media) discardOnServer(left.voice.media);
      if (left.attachment.media) discardOnServer(left.attachment.media);
    },
    [],
  );

  return {
    state,
    readiness,
    recorded,
    retryVoice,
    removeVoice,
    sendAttachment,
    attachmentRemoved,
    chooseQuest,
    chooseVisibility,
    changeTranscript,
    share,
    shareLater,
  };
}
