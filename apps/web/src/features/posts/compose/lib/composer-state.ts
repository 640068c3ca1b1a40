import type { CreatePostRequest, Media, PostVisibility } from '@doers/contract';

/**
 * The composer's state (docs/product/posts-and-feed.md#posting): the voice note and the optional
 * photo or video each upload as soon as they are ready, and Share sends the post once both are
 * uploaded. Nothing here forgets a recording or a chosen file on a failure: a failed upload or a
 * failed share is retried with what is already there.
 */

export type UploadPhase = 'idle' | 'uploading' | 'done' | 'failed';

/** One piece of the post on its way to the server. */
export interface Piece {
  phase: UploadPhase;
  /** 0–1 while uploading. */
  progress: number;
  media: Media | null;
  error: string | null;
}

export type SharePhase = 'idle' | 'waiting' | 'sending' | 'failed' | 'done';

export interface ComposerState {
  /** A recording exists on this device (its upload is `voice`). */
  recorded: boolean;
  voice: Piece;
  /** `idle`: no photo or video chosen. */
  attachment: Piece;
  questId: string | null;
  visibility: PostVisibility;
  /** What the device heard while recording, as the speaker corrected it ('' for none). */
  transcript: string;
  share: { phase: SharePhase; error: string | null };
  /** The Idempotency-Key of the last share attempt and the request it was for. */
  attempt: { key: string; fingerprint: string } | null;
}

export type PieceName = 'voice' | 'attachment';

/** What happens to one upload. */
export type PieceEvent =
  | { type: 'uploading' }
  | { type: 'progress'; progress: number }
  | { type: 'uploaded'; media: Media }
  | { type: 'failed'; error: string }
  | { type: 'removed' };

export type ComposerAction =
  | { type: 'recorded' }
  | { type: 'recording-removed' }
  | { type: 'upload'; piece: PieceName; event: PieceEvent }
  | { type: 'quest-chosen'; questId: string | null }
  | { type: 'visibility-chosen'; visibility: PostVisibility }
  | { type: 'transcript-changed'; text: string }
  | { type: 'share-requested' }
  | { type: 'share-sending'; key: string; fingerprint: string }
  | { type: 'share-failed'; error: string }
  | { type: 'share-done' };

const EMPTY_PIECE: Piece = { phase: 'idle', progress: 0, media: null, error: null };

export function initialComposerState(questId: string | null = null): ComposerState {
  return {
    recorded: false,
    voice: EMPTY_PIECE,
    attachment: EMPTY_PIECE,
    questId,
    visibility: 'public',
    transcript: '',
    share: { phase: 'idle', error: null },
    attempt: null,
  };
}

function nextPiece(piece: Piece, event: PieceEvent): Piece {
  switch (event.type) {
    case 'uploading':
      return { phase: 'uploading', progress: 0, media: null, error: null };
    case 'progress':
      return piece.phase === 'uploading' ? { ...piece, progress: event.progress } : piece;
    case 'uploaded':
      return { phase: 'done', progress: 1, media: event.media, error: null };
    case 'failed':
      return { phase: 'failed', progress: 0, media: null, error: event.error };
    case 'removed':
      return EMPTY_PIECE;
  }
}

/** A share that waited for uploads goes back to idle when one of them fails. */
function afterUploadChange(state: ComposerState): ComposerState {
  if (state.share.phase !== 'waiting') return state;
  const readiness = shareReadiness(state);
  if (readiness.kind === 'uploading' || readiness.kind === 'ready') return state;
  return { ...state, share: { phase: 'idle', error: null } };
}

export function composerReducer(state: ComposerState, action: ComposerAction): ComposerState {
  if (state.share.phase === 'done') return state; // shared: the screen is on its way out
  switch (action.type) {
    case 'recorded':
      return { ...state, recorded: true, voice: EMPTY_PIECE };
    case 'recording-removed':
      return afterUploadChange({ ...state, recorded: false, voice: EMPTY_PIECE, transcript: '' });
    case 'upload': {
      // An answer for a recording already thrown away changes nothing.
      if (action.piece === 'voice' && !state.recorded) return state;
      const piece = nextPiece(state[action.piece], action.event);
      return afterUploadChange({ ...state, [action.piece]: piece });
    }
    case 'quest-chosen':
      return { ...state, questId: action.questId };
    case 'visibility-chosen':
      return { ...state, visibility: action.visibility };
    case 'transcript-changed':
      return { ...state, transcript: action.text };
    case 'share-requested': {
      const kind = shareReadiness(state).kind;
      if (kind !== 'ready' && kind !== 'uploading') return state;
      if (state.share.phase === 'sending') return state;
      return { ...state, share: { phase: 'waiting', error: null } };
    }
    case 'share-sending':
      return {
        ...state,
        share: { phase: 'sending', error: null },
        attempt: { key: action.key, fingerprint: action.fingerprint },
      };
    case 'share-failed':
      return { ...state, share: { phase: 'failed', error: action.error } };
    case 'share-done':
      return { ...state, share: { phase: 'done', error: null } };
  }
}

export type Readiness =
  | { kind: 'needs-voice'; reason: string }
  | { kind: 'upload-failed'; reason: string }
  | { kind: 'uploading'; reason: string; progress: number }
  | { kind: 'ready'; reason: null };

/** Whether Share can send now, and if not, why: the text under the button says it. */
export function shareReadiness(state: ComposerState): Readiness {
  if (!state.recorded) return { kind: 'needs-voice', reason: 'Record a voice note first.' };
  if (state.voice.phase === 'failed' || state.attachment.phase === 'failed') {
    const what = state.voice.phase === 'failed' ? 'voice note' : 'photo or video';
    return {
      kind: 'upload-failed',
      reason: `Your ${what} did not upload. Retry it to share.`,
    };
  }
  const pieces = [state.voice, state.attachment].filter((piece) => piece.phase !== 'idle');
  if (state.voice.phase !== 'done' || pieces.some((piece) => piece.phase !== 'done')) {
    const progress = pieces.reduce((sum, piece) => sum + piece.progress, 0) / pieces.length;
    return { kind: 'uploading', reason: 'Uploading…', progress: pieces.length ? progress : 0 };
  }
  return { kind: 'ready', reason: null };
}

/** The request Share sends; null until the voice note is uploaded. */
export function createRequestOf(state: ComposerState): CreatePostRequest | null {
  const voice = state.voice.media;
  if (!state.recorded || !voice) return null;
  const attachment = state.attachment.media;
  return {
    voiceMediaId: voice.id,
    ...(attachment ? { attachmentMediaId: attachment.id } : {}),
    ...(state.questId ? { questId: state.questId } : {}),
    visibility: state.visibility,
    ...(state.transcript.trim() ? { transcript: state.transcript.trim() } : {}),
  };
}

export function fingerprintOf(request: CreatePostRequest): string {
  return JSON.stringify([
    request.voiceMediaId,
    request.attachmentMediaId ?? null,
    request.questId ?? null,
    request.visibility,
    request.transcript ?? null,
  ]);
}

/**
 * The Idempotency-Key for sending `request`: the last attempt's key when it was for this very
 * request (a retry after a lost answer is then a replay, never a second post), a new one when
 * anything changed since (the server refuses a key reused for another body).
 */
export function idempotencyKeyFor(
  attempt: ComposerState['attempt'],
  request: CreatePostRequest,
  makeId: () => string,
): { key: string; fingerprint: string } {
  const fingerprint = fingerprintOf(request);
  if (attempt && attempt.fingerprint === fingerprint) return attempt;
  return { key: makeId(), fingerprint };
}

/** Leaving now would lose something: ask first. */
export function hasUnsavedWork(state: ComposerState): boolean {
  return state.share.phase !== 'done' && (state.recorded || state.attachment.phase !== 'idle');
}

export type ComposerStep = 'record' | 'details';

/**
 * Record first; the rest (photo or video, quest, who sees it, Share) follows. A chosen photo or
 * video keeps the rest on screen while the voice note is recorded again, so it is never sent
 * without being seen.
 */
export function composerStep(state: ComposerState): ComposerStep {
  return state.recorded || state.attachment.phase !== 'idle' ? 'details' : 'record';
}
