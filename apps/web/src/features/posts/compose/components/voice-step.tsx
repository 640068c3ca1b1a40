import { useEffect, useRef } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import {
  IconCheck,
  IconMic,
  IconRefresh,
  IconStop,
  IconTrash,
} from '../../../../components/ui/icons';
import { formatClock, spokenDuration } from '../../../../components/voice/format-clock';
import { MICROPHONE_PROBLEMS } from '../../../../components/voice/microphone-problems';
import { WARNING_SECONDS, useVoiceRecorder } from '../../../../components/voice/use-voice-recorder';
import { RecordingLive } from '../../../../components/voice/recording-live';
import { TranscriptField } from '../../../../components/voice/transcript-field';
import { useLiveTranscript } from '../../../../components/voice/use-live-transcript';
import { VoicePlayer } from '../../../../components/voice/voice-player';
import type { Piece } from '../lib/composer-state';
import '../../../../components/voice/voice-recorder.css';

interface VoiceStepProps {
  maxSeconds: number;
  upload: Piece;
  /** A finished recording: the composer starts its upload at once. */
  onRecorded: (blob: Blob) => void;
  onRetry: () => void;
  /** The recording was deleted or is being replaced. */
  onRemove: () => void;
  /** The words heard on the device, as corrected: sent with the post. */
  onTranscript: (text: string) => void;
}

/**
 * Record the post's voice note (tap to start, tap to stop, stopped at the author's limit with a
 * warning before it), then listen back while it uploads. Unlike the plain VoiceRecorder there is
 * no Send here: the note uploads as soon as it is recorded, and the post's Share sends it all.
 */
export function VoiceStep({
  maxSeconds,
  upload,
  onRecorded,
  onRetry,
  onRemove,
  onTranscript,
}: VoiceStepProps) {
  const recorder = useVoiceRecorder({ maxSeconds });
  const { phase, recording, problem } = recorder;
  const live = useLiveTranscript(phase);
  const words = live.available && phase === 'preview' ? live.text : '';
  useEffect(() => onTranscript(words), [words, onTranscript]);
  const reported = useRef<Blob | null>(null);
  const busy = phase === 'starting' || phase === 'recording' || phase === 'stopping';

  useEffect(() => {
    if (phase !== 'preview' || !recording || reported.current === recording.blob) return;
    reported.current = recording.blob;
    onRecorded(recording.blob);
  }, [phase, recording, onRecorded]);

  const startAgain = () => {
    reported.current = null;
    onRemove();
    void recorder.start();
  };
  const remove = () => {
    reported.current = null;
    recorder.discard();
    onRemove();
  };

  if (phase === 'failed' && problem) {
    const { title, text } = MICROPHONE_PROBLEMS[problem];
    return (
      <div className="voice-recorder">
        <Alert title={title}>{text}</Alert>
        <Button
          variant="secondary"
          icon={<IconRefresh size={18} />}
          onClick={() => void recorder.start()}
        >
          Try again
        </Button>
      </div>
    );
  }

  if (phase === 'preview' && recording) {
    const percent = Math.round(upload.progress * 100);
    return (
      <div className="voice-recorder voice-recorder--preview">
        <VoicePlayer
          src={recording.url}
          label="recorded voice note"
          peaks={recording.levels.length ? recording.levels : null}
          durationMs={recording.durationMs}
        />
        {live.available && (
          <TranscriptField
            value={live.text}
            onChange={live.edit}
            durationMs={recording.durationMs}
          />
        )}
        {recording.stoppedAtLimit && (
          <p className="voice-recorder__note">Stopped at the {formatClock(maxSeconds)} limit.</p>
        )}
        {upload.phase === 'uploading' && (
          <div className="compose__progress">
            <progress max={1} value={upload.progress} aria-label="Uploading voice note" />
            <span aria-hidden="true">{percent}%</span>
          </div>
        )}
        {upload.phase === 'done' && (
          <p className="compose__done" role="status">
            <IconCheck size={16} /> Voice note uploaded
          </p>
        )}
        {upload.phase === 'failed' && (
          <>
            <Alert title="Your voice note did not upload">{upload.error}</Alert>
            <Button variant="secondary" icon={<IconRefresh size={18} />} onClick={onRetry}>
              Retry upload
            </Button>
          </>
        )}
        <div className="compose__voice-actions">
          <button
            type="button"
            className="voice-recorder__delete"
            onClick={remove}
            aria-label="Delete recorded voice note"
          >
            <IconTrash size={20} />
          </button>
          <Button variant="secondary" icon={<IconRefresh size={18} />} onClick={startAgain}>
            Record again
          </Button>
        </div>
      </div>
    );
  }

  const recordingNow = phase === 'recording';
  return (
    <div className={`voice-recorder${recordingNow ? ' is-recording' : ''}`}>
      {busy ? (
        <RecordingLive
          elapsedMs={recorder.elapsedMs}
          warning={recorder.warning}
          liveLevels={recorder.liveLevels}
          maxSeconds={maxSeconds}
          cancelLabel="Cancel recording voice note"
          onCancel={() => recorder.cancel()}
          heard={live.available ? live.text : ''}
        />
      ) : (
        <p className="voice-recorder__intro">
          Tap to record, tap again to stop. Up to {spokenDuration(maxSeconds)}.
        </p>
      )}
      <button
        type="button"
        className="voice-recorder__main"
        aria-label={recordingNow ? 'Stop recording voice note' : 'Record voice note'}
        aria-disabled={phase === 'starting' || phase === 'stopping' || undefined}
        onClick={() => {
          if (recordingNow) recorder.stop();
          else if (!busy) void recorder.start();
        }}
      >
        {recordingNow ? <IconStop size={28} /> : <IconMic size={28} />}
      </button>
      <p className="voice-recorder__status" role="status">
        {phase === 'starting'
          ? 'Waiting for the microphone…'
          : recorder.warning
            ? `${WARNING_SECONDS} seconds left. Recording stops at ${formatClock(maxSeconds)}.`
            : null}
      </p>
    </div>
  );
}
