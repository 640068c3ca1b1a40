import { describe, expect, it } from 'vitest';
import { formatClock, spokenDuration } from './format-clock';
import { microphoneProblemOf } from './microphone-problems';
import { baseMimeType, pickRecordingMimeType } from './recording-format';
import { toBars } from './waveform-peaks';

describe('formatClock', () => {
  it('reads like a player: m:ss, h:mm:ss past an hour, whole seconds rounded down', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(9.99)).toBe('0:09');
    expect(formatClock(75.4)).toBe('1:15');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatClock(Number.NaN)).toBe('0:00');
    expect(formatClock(Infinity)).toBe('0:00');
  });

  it('says durations in words', () => {
    expect(spokenDuration(60)).toBe('1 minute');
    expect(spokenDuration(120)).toBe('2 minutes');
    expect(spokenDuration(65)).toBe('1 minute 5 seconds');
    expect(spokenDuration(1)).toBe('1 second');
  });
});

describe('pickRecordingMimeType', () => {
  it('prefers Opus in WebM, then AAC in MP4, then the browser default', () => {
    const only =
      (...types: string[]) =>
      (type: string) =>
        types.includes(type);
    expect(pickRecordingMimeType(only('audio/mp4', 'audio/webm;codecs=opus'))).toBe(
      'audio/webm;codecs=opus',
    );
    expect(pickRecordingMimeType(only('audio/mp4'))).toBe('audio/mp4');
    expect(pickRecordingMimeType(only('audio/ogg;codecs=opus'))).toBe('audio/ogg;codecs=opus');
    expect(pickRecordingMimeType(only())).toBe('');
    expect(
      pickRecordingMimeType(() => {
        throw new Error('old browser');
      }),
    ).toBe('');
  });

  it('names the container without codecs', () => {
    expect(baseMimeType('audio/webm;codecs=opus')).toBe('audio/webm');
    expect(baseMimeType('Audio/MP4')).toBe('audio/mp4');
  });
});

describe('microphoneProblemOf', () => {
  it('maps the standard error names to what the person can do', () => {
    const named = (name: string) => new DOMException('x', name);
    expect(microphoneProblemOf(named('NotAllowedError'))).toBe('denied');
    expect(microphoneProblemOf(named('SecurityError'))).toBe('denied');
    expect(microphoneProblemOf(named('NotFoundError'))).toBe('missing');
    expect(microphoneProblemOf(named('NotReadableError'))).toBe('busy');
    expect(microphoneProblemOf(named('NotSupportedError'))).toBe('unsupported');
    expect(microphoneProblemOf(new Error('?'))).toBe('failed');
    expect(microphoneProblemOf(undefined)).toBe('failed');
  });
});

describe('toBars', () => {
  it('takes the loudest sample of each slice and scales the loudest bar to 1', () => {
    expect(toBars([0, 0.2, 0.1, 0.4, -0.8, 0.2], 3)).toEqual([0.25, 0.5, 1]);
  });

  it('spreads fewer samples than bars, and keeps silence flat', () => {
    expect(toBars([0.5, 1], 4)).toEqual([0.5, 0.5, 1, 1]);
    expect(toBars([0, 0, 0], 2)).toEqual([0, 0]);
    expect(toBars([], 2)).toEqual([0, 0]);
  });
});
