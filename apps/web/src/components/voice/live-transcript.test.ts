import { describe, expect, it } from 'vitest';
import {
  EMPTY_LIVE_TRANSCRIPT,
  liveTranscriptText,
  nextLiveTranscript,
  type RecognitionEvent,
} from './live-transcript';

const play = (events: RecognitionEvent[]) =>
  events.reduce(nextLiveTranscript, EMPTY_LIVE_TRANSCRIPT);

// Sequences as Chrome's on-device recogniser sent them (continuous, interim results), with each
// event's `results` reduced to the best alternative of every result.
describe('the live transcript', () => {
  it('shows interim words as they form, then the final ones', () => {
    const steps: RecognitionEvent[] = [
      { type: 'result', results: [{ isFinal: false, transcript: 'ran' }] },
      { type: 'result', results: [{ isFinal: false, transcript: 'ran five' }] },
      { type: 'result', results: [{ isFinal: true, transcript: 'ran five K' }] },
      {
        type: 'result',
        results: [
          { isFinal: true, transcript: 'ran five K' },
          { isFinal: false, transcript: ' this' },
        ],
      },
      {
        type: 'result',
        results: [
          { isFinal: true, transcript: 'ran five K' },
          { isFinal: true, transcript: ' this morning' },
        ],
      },
    ];
    const texts = steps.map((_, index) => liveTranscriptText(play(steps.slice(0, index + 1))));
    expect(texts).toEqual([
      'ran',
      'ran five',
      'ran five K',
      'ran five K this',
      'ran five K this morning',
    ]);
  });

  it('keeps the words of a session that ended after a silence when the next one starts', () => {
    const state = play([
      { type: 'result', results: [{ isFinal: true, transcript: 'first part' }] },
      { type: 'error', error: 'no-speech' },
      { type: 'end' },
      { type: 'result', results: [{ isFinal: false, transcript: 'second' }] },
    ]);
    expect(liveTranscriptText(state)).toBe('first part second');
    expect(state.failed).toBe(false);
  });

  it('keeps interim words that a stop cut short', () => {
    const state = play([
      { type: 'result', results: [{ isFinal: false, transcript: 'almost said' }] },
      { type: 'end' },
    ]);
    expect(liveTranscriptText(state)).toBe('almost said');
  });

  it('stops for good on a real error, keeping what it heard', () => {
    const state = play([
      { type: 'result', results: [{ isFinal: true, transcript: 'hello' }] },
      { type: 'error', error: 'language-not-supported' },
      { type: 'end' },
    ]);
    expect(state.failed).toBe(true);
    expect(liveTranscriptText(state)).toBe('hello');
  });

  it('is empty when nothing was heard', () => {
    expect(liveTranscriptText(play([{ type: 'error', error: 'no-speech' }, { type: 'end' }]))).toBe(
      '',
    );
  });
});
