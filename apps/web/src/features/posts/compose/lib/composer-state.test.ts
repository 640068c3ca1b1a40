import type { Media } from '@doers/contract';
import { describe, expect, it } from 'vitest';
import {
  composerReducer,
  composerStep,
  createRequestOf,
  hasUnsavedWork,
  idempotencyKeyFor,
  initialComposerState,
  shareReadiness,
  type ComposerAction,
  type ComposerState,
  type PieceEvent,
} from './composer-state';

const QUEST = '0b7e4c52-4a43-4f53-9a52-8a3f0d5f7c11';

function media(id: string, kind: Media['kind'] = 'voice'): Media {
  return {
    id,
    kind,
    purpose: 'post',
    contentType: kind === 'voice' ? 'audio/mp4' : 'image/jpeg',
    url: `/api/media/${id}`,
    thumbnailUrl: null,
    posterUrl: null,
    size: 1000,
    durationMs: kind === 'voice' ? 4000 : null,
    waveform: null,
    width: null,
    height: null,
    transcript: null,
    createdAt: '2025-01-01T00:00:00.000Z',
  };
}

const voice = (event: PieceEvent): ComposerAction => ({ type: 'upload', piece: 'voice', event });
const attachment = (event: PieceEvent): ComposerAction => ({
  type: 'upload',
  piece: 'attachment',
  event,
});

function run(actions: ComposerAction[], from = initialComposerState()): ComposerState {
  return actions.reduce(composerReducer, from);
}

const RECORDED_AND_UPLOADED: ComposerAction[] = [
  { type: 'recorded' },
  voice({ type: 'uploading' }),
  voice({ type: 'progress', progress: 0.5 }),
  voice({ type: 'uploaded', media: media('v1') }),
];

describe('composer steps', () => {
  it('starts at recording, with the quest from the link chosen', () => {
    const state = initialComposerState(QUEST);
    expect(composerStep(state)).toBe('record');
    expect(state.questId).toBe(QUEST);
    expect(state.visibility).toBe('public');
    expect(shareReadiness(state)).toEqual({
      kind: 'needs-voice',
      reason: 'Record a voice note first.',
    });
  });

  it('moves on to the details once a recording exists, and back when it is deleted', () => {
    const recorded = run([{ type: 'recorded' }]);
    expect(composerStep(recorded)).toBe('details');
    expect(hasUnsavedWork(recorded)).toBe(true);
    const deleted = composerReducer(recorded, { type: 'recording-removed' });
    expect(composerStep(deleted)).toBe('record');
    expect(hasUnsavedWork(deleted)).toBe(false);
  });

  it('keeps the details on screen while re-recording when a photo is chosen', () => {
    const state = run([
      ...RECORDED_AND_UPLOADED,
      attachment({ type: 'uploading' }),
      attachment({ type: 'uploaded', media: media('p1', 'photo') }),
      { type: 'recording-removed' },
    ]);
    expect(composerStep(state)).toBe('details');
    expect(hasUnsavedWork(state)).toBe(true);
    expect(shareReadiness(state).kind).toBe('needs-voice');
  });
});

describe('readiness to share', () => {
  it('waits for the voice upload, reporting its progress', () => {
    const state = run([
      { type: 'recorded' },
      voice({ type: 'uploading' }),
      voice({ type: 'progress', progress: 0.4 }),
    ]);
    expect(shareReadiness(state)).toMatchObject({ kind: 'uploading', progress: 0.4 });
    expect(createRequestOf(state)).toBeNull();
  });

  it('waits for a photo still uploading after the voice note is up', () => {
    const state = run([
      ...RECORDED_AND_UPLOADED,
      attachment({ type: 'uploading' }),
      attachment({ type: 'progress', progress: 0.2 }),
    ]);
    expect(shareReadiness(state)).toMatchObject({ kind: 'uploading', progress: 0.6 });
  });

  it('is ready with the voice note up, and builds the request from every choice', () => {
    const state = run(
      [
        ...RECORDED_AND_UPLOADED,
        attachment({ type: 'uploading' }),
        attachment({ type: 'uploaded', media: media('p1', 'photo') }),
        { type: 'visibility-chosen', visibility: 'vibers' },
      ],
      initialComposerState(QUEST),
    );
    expect(shareReadiness(state).kind).toBe('ready');
    expect(createRequestOf(state)).toEqual({
      voiceMediaId: 'v1',
      attachmentMediaId: 'p1',
      questId: QUEST,
      visibility: 'vibers',
    });
    const noQuest = composerReducer(state, { type: 'quest-chosen', questId: null });
    expect(createRequestOf(noQuest)).not.toHaveProperty('questId');
  });

  it('sends the words the device heard, as corrected, and none once the note is removed', () => {
    const state = run([
      ...RECORDED_AND_UPLOADED,
      { type: 'transcript-changed', text: ' Ran five K ' },
    ]);
    expect(createRequestOf(state)).toMatchObject({ transcript: 'Ran five K' });
    expect(run([{ type: 'recording-removed' }], state).transcript).toBe('');
    expect(createRequestOf(run([...RECORDED_AND_UPLOADED]))).not.toHaveProperty('transcript');
  });

  it('is blocked by a failed upload until it is retried', () => {
    const failed = run([
      { type: 'recorded' },
      voice({ type: 'uploading' }),
      voice({ type: 'failed', error: 'Network down' }),
    ]);
    expect(shareReadiness(failed)).toEqual({
      kind: 'upload-failed',
      reason: 'Your voice note did not upload. Retry it to share.',
    });
    // The recording is still there: a retry uploads it again, no new recording.
    expect(failed.recorded).toBe(true);
    const retried = run(
      [voice({ type: 'uploading' }), voice({ type: 'uploaded', media: media('v2') })],
      failed,
    );
    expect(shareReadiness(retried).kind).toBe('ready');
    expect(createRequestOf(retried)?.voiceMediaId).toBe('v2');
  });

  it('drops a removed photo from the request and from the wait', () => {
    const state = run([
      ...RECORDED_AND_UPLOADED,
      attachment({ type: 'uploading' }),
      attachment({ type: 'failed', error: 'Too big' }),
    ]);
    expect(shareReadiness(state).kind).toBe('upload-failed');
    const removed = composerReducer(state, attachment({ type: 'removed' }));
    expect(shareReadiness(removed).kind).toBe('ready');
    expect(createRequestOf(removed)).not.toHaveProperty('attachmentMediaId');
  });

  it('ignores an upload answer for a recording already deleted', () => {
    const state = run([
      { type: 'recorded' },
      voice({ type: 'uploading' }),
      { type: 'recording-removed' },
      voice({ type: 'uploaded', media: media('late') }),
    ]);
    expect(state.voice.media).toBeNull();
    expect(composerStep(state)).toBe('record');
  });
});

describe('sharing and retrying', () => {
  it('waits when Share is pressed during an upload, and goes back to idle if it fails', () => {
    const waiting = run([
      { type: 'recorded' },
      voice({ type: 'uploading' }),
      { type: 'share-requested' },
    ]);
    expect(waiting.share.phase).toBe('waiting');
    const failed = composerReducer(waiting, voice({ type: 'failed', error: 'Lost' }));
    expect(failed.share.phase).toBe('idle');
  });

  it('does nothing when Share is pressed with nothing recorded', () => {
    expect(composerReducer(initialComposerState(), { type: 'share-requested' }).share.phase).toBe(
      'idle',
    );
  });

  it('keeps everything after a failed share, and the retry reuses the Idempotency-Key', () => {
    const ready = run([...RECORDED_AND_UPLOADED, { type: 'share-requested' }]);
    const request = createRequestOf(ready)!;
    let made = 0;
    const makeId = () => `key-${++made}`;
    const first = idempotencyKeyFor(ready.attempt, request, makeId);
    const failed = run(
      [
        { type: 'share-sending', ...first },
        { type: 'share-failed', error: 'Server busy' },
      ],
      ready,
    );
    expect(failed.share).toEqual({ phase: 'failed', error: 'Server busy' });
    expect(failed.recorded).toBe(true);
    expect(failed.voice.media?.id).toBe('v1');
    expect(hasUnsavedWork(failed)).toBe(true);

    const again = composerReducer(failed, { type: 'share-requested' });
    expect(again.share.phase).toBe('waiting');
    expect(idempotencyKeyFor(again.attempt, createRequestOf(again)!, makeId).key).toBe('key-1');
    expect(made).toBe(1);
  });

  it('takes a new Idempotency-Key when the post changed after a failed share', () => {
    const ready = run(RECORDED_AND_UPLOADED);
    const makeId = (() => {
      let n = 0;
      return () => `key-${++n}`;
    })();
    const first = idempotencyKeyFor(null, createRequestOf(ready)!, makeId);
    const changed = run(
      [
        { type: 'share-sending', ...first },
        { type: 'share-failed', error: 'Server busy' },
        { type: 'visibility-chosen', visibility: 'vibers' },
      ],
      ready,
    );
    expect(idempotencyKeyFor(changed.attempt, createRequestOf(changed)!, makeId).key).toBe('key-2');
  });

  it('once shared, nothing is left to lose and later answers change nothing', () => {
    const done = run([...RECORDED_AND_UPLOADED, { type: 'share-done' }]);
    expect(hasUnsavedWork(done)).toBe(false);
    expect(composerReducer(done, { type: 'recording-removed' })).toBe(done);
  });
});
