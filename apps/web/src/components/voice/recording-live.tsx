import type { CSSProperties } from 'react';
import { IconX } from '../ui/icons';
import { formatClock } from './format-clock';
import { LIVE_BARS } from './use-voice-recorder';
import { WaveformBars } from './waveform-bars';

type Props = {
  elapsedMs: number;
  /** The last seconds before the limit: the timer turns to a warning. */
  warning: boolean;
  liveLevels: number[];
  maxSeconds: number;
  cancelLabel: string;
  onCancel: () => void;
  /** The words heard so far on the device (use-live-transcript.ts), as they form. */
  heard?: string;
};

/**
 * What shows while a note records: a dot, the timer against the limit, the live waveform and
 * a cancel button. The voice recorder and the post composer's voice step both show it.
 */
export function RecordingLive(props: Props) {
  return (
    <>
      <div className="voice-recorder__live">
        <span className="voice-recorder__dot" aria-hidden="true" />
        <span role="timer" className={`voice-recorder__timer${props.warning ? ' is-warning' : ''}`}>
          {formatClock(props.elapsedMs / 1000)} / {formatClock(props.maxSeconds)}
        </span>
        <span
          className="voice-recorder__wave"
          style={{ '--live-bars': LIVE_BARS } as CSSProperties}
          aria-hidden="true"
        >
          <WaveformBars values={padStart(props.liveLevels, LIVE_BARS)} />
        </span>
        <button
          type="button"
          className="voice-recorder__cancel"
          onClick={props.onCancel}
          aria-label={props.cancelLabel}
        >
          <IconX size={20} />
        </button>
      </div>
      {props.heard && <p className="voice-recorder__heard">{props.heard}</p>}
    </>
  );
}

/** The newest `length` levels, zeros in front while there are fewer. */
function padStart(values: number[], length: number): number[] {
  return values.length >= length
    ? values.slice(-length)
    : [...new Array<number>(length - values.length).fill(0), ...values];
}
