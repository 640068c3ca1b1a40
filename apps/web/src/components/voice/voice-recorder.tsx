import { useEffect, useId, useRef, useState, type MouseEvent, type PointerEvent } from 'react';
import { errorMessage } from '../../lib/api-error';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { IconMic, IconRefresh, IconStop, IconTrash } from '../ui/icons';
import { formatClock, spokenDuration } from './format-clock';
import { MICROPHONE_PROBLEMS } from './microphone-problems';
import {
  WARNING_SECONDS,
  useVoiceRecorder,
  type RecordedVoice,
  type RecorderPhase,
} from './use-voice-recorder';
import { RecordingLive } from './recording-live';
import { TranscriptField } from './transcript-field';
import { useLiveTranscript } from './use-live-transcript';
import { VoicePlayer } from './voice-player';
import './voice-recorder.css';

/** A hold shorter than this was a tap: nothing worth keeping was said. */
export const SHORTEST_HOLD_MS = 500;
/** Sliding the finger this far from where the hold began cancels it. */
export const SLIDE_TO_CANCEL_PX = 80;

export interface VoiceRecorderProps {
  /** tap: tap to start, tap to stop. hold: record while pressed, release to stop, slide to cancel. */
  mode?: 'tap' | 'hold';
  maxSeconds: number;
  /** Receives the recording; a rejection keeps it, so sending can be tried again. */
  onSend: (voice: RecordedVoice) => Promise<unknown> | void;
  /** What is recorded, for names and texts: "voice note", "voice intro", "comment". */
  label?: string;
  sendLabel?: string;
  /** When set, Send is disabled and this says why. */
  sendDisabledReason?: string;
  /** Upload progress (0–1) while sending, from the caller's upload. */
  progress?: number | null;
  /** After a recording was cancelled or deleted. */
  onCancel?: () => void;
  /** Each change of phase: a form around it can tell a recording not sent yet. */
  onPhaseChange?: (phase: RecorderPhase) => void;
}

/**
 * Record, listen back, then send: the one voice recorder of posts, comments, messages and the
 * voice intro (docs/product/voice.md).
 */
export function VoiceRecorder({
  mode = 'tap',
  maxSeconds,
  onSend,
  label = 'voice note',
  sendLabel = 'Send',
  sendDisabledReason,
  progress = null,
  onCancel,
  onPhaseChange,
}: VoiceRecorderProps) {
  const recorder = useVoiceRecorder({ maxSeconds });
  const { phase, recording, problem } = recorder;
  const live = useLiveTranscript(phase);
  useEffect(() => {
    onPhaseChange?.(phase);
  }, [phase, onPhaseChange]);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const hold = useRef<{ x: number; y: number; at: number } | null>(null);
  const noteId = useId();
  const busy = phase === 'starting' || phase === 'recording' || phase === 'stopping';

  const cancel = () => {
    recorder.discard();
    setSendError(null);
    onCancel?.();
  };

  const send = async () => {
    if (!recording || sending) return;
    setSending(true);
    setSendError(null);
    try {
      await onSend({
        blob: recording.blob,
        mimeType: recording.mimeType,
        durationMs: recording.durationMs,
        ...(live.available && live.text.trim() ? { transcript: live.text.trim() } : {}),
      });
      recorder.discard();
    } catch (error) {
      setSendError(errorMessage(error, `Could not send your ${label}. Try again.`));
    } finally {
      setSending(false);
    }
  };

  const toggle = () => {
    setHint(null);
    if (phase === 'recording') recorder.stop();
    else if (!busy) void recorder.start();
  };

  // Hold mode by pointer; a keyboard or screen reader activates the button (detail 0) to toggle.
  const onMainClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (mode === 'tap' || event.detail === 0) toggle();
  };
  const onHoldStart = (event: PointerEvent<HTMLButtonElement>) => {
    if (mode !== 'hold' || event.button !== 0 || busy) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    hold.current = { x: event.clientX, y: event.clientY, at: Date.now() };
    setHint(null);
    void recorder.start();
  };
  const onHoldMove = (event: PointerEvent<HTMLButtonElement>) => {
    const from = hold.current;
    if (!from) return;
    if (Math.hypot(event.clientX - from.x, event.clientY - from.y) < SLIDE_TO_CANCEL_PX) return;
    hold.current = null;
    recorder.cancel();
    setHint('Recording cancelled.');
  };
  const onHoldEnd = () => {
    const from = hold.current;
    if (!from) return;
    hold.current = null;
    if (phase === 'recording' && Date.now() - from.at >= SHORTEST_HOLD_MS) return recorder.stop();
    if (phase !== 'recording' && phase !== 'starting') return; // stopped at the limit already
    recorder.cancel();
    setHint(
      phase === 'starting'
        ? 'Microphone ready. Hold the button to record.'
        : 'Hold the button while you speak, then let go.',
    );
  };

  if (phase === 'failed' && problem) {
    const { title, text } = MICROPHONE_PROBLEMS[problem];
    return (
      <div className="voice-recorder">
        <Alert title={title}>{text}</Alert>
        <Button variant="secondary" icon={<IconRefresh size={18} />} onClick={toggle}>
          Try again
        </Button>
      </div>
    );
  }

  if (phase === 'preview' && recording) {
    return (
      <div className="voice-recorder voice-recorder--preview">
        <VoicePlayer
          src={recording.url}
          label={`recorded ${label}`}
          peaks={recording.levels.length ? recording.levels : null}
          durationMs={recording.durationMs}
        />
        {live.available && (
          <TranscriptField
            value={live.text}
            onChange={live.edit}
            durationMs={recording.durationMs}
            disabled={sending}
          />
        )}
        {recording.stoppedAtLimit && (
          <p className="voice-recorder__note" role="status">
            Stopped at the {formatClock(maxSeconds)} limit.
          </p>
        )}
        {sendError && <Alert>{sendError}</Alert>}
        {sending && progress !== null && (
          <progress
            className="voice-recorder__progress"
            max={1}
            value={progress}
            aria-label={`Uploading ${label}`}
          />
        )}
        <div className="voice-recorder__actions">
          <button
            type="button"
            className="voice-recorder__delete"
            onClick={cancel}
            disabled={sending}
            aria-label={`Delete recorded ${label}`}
          >
            <IconTrash size={20} />
          </button>
          <Button
            variant="secondary"
            icon={<IconRefresh size={18} />}
            onClick={toggle}
            disabled={sending}
          >
            Record again
          </Button>
          <Button
            onClick={() => void send()}
            loading={sending}
            disabled={Boolean(sendDisabledReason)}
            aria-describedby={sendDisabledReason ? noteId : undefined}
          >
            {sendError ? 'Try again' : sendLabel}
          </Button>
        </div>
        {sendDisabledReason && (
          <p id={noteId} className="voice-recorder__note">
            {sendDisabledReason}
          </p>
        )}
      </div>
    );
  }

  const recordingNow = phase === 'recording';
  const mainLabel =
    mode === 'hold'
      ? recordingNow
        ? `Stop recording ${label}`
        : `Hold to record ${label}`
      : recordingNow
        ? `Stop recording ${label}`
        : `Record ${label}`;

  return (
    <div className={`voice-recorder${recordingNow ? ' is-recording' : ''}`}>
      {busy ? (
        <RecordingLive
          elapsedMs={recorder.elapsedMs}
          warning={recorder.warning}
          liveLevels={recorder.liveLevels}
          maxSeconds={maxSeconds}
          cancelLabel={`Cancel recording ${label}`}
          onCancel={() => {
            recorder.cancel();
            setHint('Recording cancelled.');
            onCancel?.();
          }}
          heard={live.available ? live.text : ''}
        />
      ) : (
        <p className="voice-recorder__intro">
          {mode === 'hold'
            ? `Hold to record, let go to stop, slide away to cancel. Up to ${spokenDuration(maxSeconds)}.`
            : `Tap to record, tap again to stop. Up to ${spokenDuration(maxSeconds)}.`}
        </p>
      )}
      <button
        type="button"
        className={`voice-recorder__main${mode === 'hold' ? ' is-hold' : ''}`}
        aria-label={mainLabel}
        // Not `disabled` while the microphone starts: a held pointer must still reach pointerup.
        aria-disabled={phase === 'starting' || phase === 'stopping' || undefined}
        onClick={onMainClick}
        onPointerDown={onHoldStart}
        onPointerMove={onHoldMove}
        onPointerUp={onHoldEnd}
        onPointerCancel={onHoldEnd}
        onContextMenu={(event) => mode === 'hold' && event.preventDefault()}
      >
        {recordingNow && mode === 'tap' ? <IconStop size={28} /> : <IconMic size={28} />}
      </button>
      <p className="voice-recorder__status" role="status">
        {phase === 'starting'
          ? 'Waiting for the microphone…'
          : recorder.warning
            ? `${WARNING_SECONDS} seconds left. Recording stops at ${formatClock(maxSeconds)}.`
            : hint}
      </p>
    </div>
  );
}
