import type { Transcript } from '@doers/contract';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { IconCheck, IconPause, IconPlay } from '../ui/icons';
import { formatClock } from './format-clock';
import { useAudioPlayback } from './use-audio-playback';
import { DEFAULT_BAR_COUNT, peaksFromAudio, toBars } from './waveform-peaks';
import { VoiceTranscript } from './voice-transcript';
import { WaveformBars } from './waveform-bars';
import './voice-player.css';

/** Arrow keys move this far (seconds). */
export const SEEK_STEP_SECONDS = 5;

export interface VoicePlayerProps {
  src: string;
  /** What is played, for the controls' names: "voice intro" → "Play voice intro". */
  label?: string;
  /** Loudness peaks from the server (any scale); computed from the audio when absent. */
  peaks?: readonly number[] | null;
  durationMs?: number | null;
  /** Already listened to (a DM the server marked): the mark shows from the start. */
  listened?: boolean;
  /** Once, when played to the end or past 90%. */
  onListened?: () => void;
  className?: string;
  /** What was said: a "Transcript" toggle shows it, and it describes the player. None: nothing. */
  transcript?: Transcript | null;
  /** The note's Media id when the viewer is its speaker: "Edit transcript" is offered. */
  editableMediaId?: string;
  /** While the transcript is folded, its first line shows (the swipe feed). */
  transcriptPreview?: boolean;
}

/**
 * A voice note: play/pause, a waveform that fills as it plays and seeks by tap, drag or keys,
 * elapsed and total time, 1×/1.5×/2× with the pitch kept, and a listened mark. Starting one
 * pauses any other (playback-coordinator.ts).
 */
export function VoicePlayer({
  src,
  label = 'voice note',
  peaks,
  durationMs,
  listened: listenedAtFirst,
  onListened,
  className,
  transcript = null,
  editableMediaId,
  transcriptPreview,
}: VoicePlayerProps) {
  const transcriptId = useId();
  const computed = useComputedPeaks(src, peaks);
  const knownMs = durationMs ?? computed?.durationMs;
  const {
    ref: audioRef,
    duration,
    position,
    playing,
    rate,
    listened,
    failed,
    toggle,
    seek,
    cycleRate,
  } = useAudioPlayback({ durationMs: knownMs ?? undefined, listened: listenedAtFirst, onListened });
  const bars = useMemo(
    () => (peaks?.length ? toBars(peaks) : (computed?.bars ?? flat())),
    [peaks, computed],
  );
  const share = duration > 0 ? Math.min(position / duration, 1) : 0;
  const drag = useRef(false);

  const seekToPointer = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width <= 0) return;
    const fraction = Math.min(Math.max((event.clientX - rect.left) / rect.width, 0), 1);
    seek(fraction * duration);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const to = {
      ArrowLeft: position - SEEK_STEP_SECONDS,
      ArrowDown: position - SEEK_STEP_SECONDS,
      ArrowRight: position + SEEK_STEP_SECONDS,
      ArrowUp: position + SEEK_STEP_SECONDS,
      PageDown: position - SEEK_STEP_SECONDS * 2,
      PageUp: position + SEEK_STEP_SECONDS * 2,
      Home: 0,
      End: duration,
    }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    seek(to);
  };

  const withTranscript = Boolean(transcript || editableMediaId);
  const classes = [
    'voice-player',
    playing && 'is-playing',
    withTranscript && 'voice-player--transcript',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      className={classes}
      role="group"
      aria-label={capitalise(label)}
      aria-describedby={transcript ? transcriptId : undefined}
    >
      <audio ref={audioRef} src={src} preload={knownMs ? 'none' : 'metadata'} />
      <button
        type="button"
        className="voice-player__play"
        onClick={toggle}
        aria-label={`${playing ? 'Pause' : 'Play'} ${label}`}
      >
        {playing ? <IconPause size={20} /> : <IconPlay size={20} />}
      </button>
      <div className="voice-player__body">
        <div
          className="voice-player__wave"
          role="slider"
          tabIndex={0}
          aria-label={`Position in ${label}`}
          aria-valuemin={0}
          aria-valuemax={Math.round(duration)}
          aria-valuenow={Math.round(position)}
          aria-valuetext={`${formatClock(position)} of ${formatClock(duration)}`}
          aria-disabled={duration > 0 ? undefined : true}
          onKeyDown={onKeyDown}
          onPointerDown={(event) => {
            drag.current = true;
            event.currentTarget.setPointerCapture?.(event.pointerId);
            seekToPointer(event);
          }}
          onPointerMove={(event) => drag.current && seekToPointer(event)}
          onPointerUp={() => (drag.current = false)}
          onPointerCancel={() => (drag.current = false)}
        >
          <WaveformBars values={bars} className="voice-player__bars" />
          <span
            className="voice-player__played"
            // Above and below by a little: the bars' round caps reach past the box.
            style={{ clipPath: `inset(-4px ${(1 - share) * 100}% -4px 0)` }}
            aria-hidden="true"
          >
            <WaveformBars values={bars} />
          </span>
        </div>
        <div className="voice-player__meta">
          <span className="voice-player__time" aria-hidden="true">
            {formatClock(position)} / {formatClock(duration)}
          </span>
          {listened && (
            <span className="voice-player__listened">
              <IconCheck size={14} /> Listened
            </span>
          )}
          {failed && (
            <span className="voice-player__error" role="alert">
              This {label} can't be played right now.
            </span>
          )}
        </div>
      </div>
      <button
        type="button"
        className="voice-player__rate"
        onClick={cycleRate}
        aria-label={`Playback speed ${rate}×`}
      >
        {rate}×
      </button>
      {withTranscript && (
        <VoiceTranscript
          transcript={transcript}
          textId={transcriptId}
          durationMs={knownMs ?? 0}
          editableMediaId={editableMediaId}
          preview={transcriptPreview}
        />
      )}
    </div>
  );
}

function flat(): number[] {
  return new Array<number>(DEFAULT_BAR_COUNT).fill(0);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Peaks and length decoded from the audio, only when the caller has no peaks to give. */
function useComputedPeaks(src: string, peaks: readonly number[] | null | undefined) {
  const [computed, setComputed] = useState<{
    src: string;
    bars: number[];
    durationMs: number;
  } | null>(null);
  const needed = !peaks?.length;
  useEffect(() => {
    if (!needed) return;
    const controller = new AbortController();
    void peaksFromAudio(src, DEFAULT_BAR_COUNT, controller.signal).then((result) => {
      if (result && !controller.signal.aborted) setComputed({ src, ...result });
    });
    return () => controller.abort();
  }, [src, needed]);
  return computed?.src === src ? computed : null;
}
