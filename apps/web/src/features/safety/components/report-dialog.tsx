import {
  REPORT_CATEGORIES,
  REPORT_NOTE_MAX,
  VOICE_SECONDS_FIXED,
  mediaApi,
  type Media,
  type ReportCategory,
  type ReportTarget,
} from '@doers/contract';
import { useCallback, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ChoiceGroup } from '../../../components/ui/choice-group';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { IconTrash } from '../../../components/ui/icons';
import { TextareaField } from '../../../components/ui/textarea-field';
import type { RecorderPhase } from '../../../components/voice/use-voice-recorder';
import { VoicePlayer } from '../../../components/voice/voice-player';
import { VoiceRecorder } from '../../../components/voice/voice-recorder';
import { api } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast-store';
import { useReport } from '../api/safety-api';
import { CATEGORY_LABELS, TARGET_NAMES } from '../safety-text';
import './report-dialog.css';

const CHOICES = REPORT_CATEGORIES.map((c) => ({ value: c, ...CATEGORY_LABELS[c] }));
const VOICE_SECONDS = VOICE_SECONDS_FIXED.report;

/** An uploaded note that no report came to use: the server would drop it in a day anyway. */
const discard = (voice: Media) =>
  void api.call(mediaApi.remove, { params: { id: voice.id } }).catch(() => undefined);

/**
 * "Report": why (a category) and, if they like, a short note, written or spoken (up to a minute).
 * The team sees it in its queue; the reporter hears back when it is handled.
 */
export function ReportDialog({
  open,
  onClose,
  targetType,
  targetId,
}: {
  open: boolean;
  onClose(): void;
  targetType: ReportTarget;
  targetId: string;
}) {
  // Nothing chosen: a report says what its sender chose, never what one tap on Send left in.
  const [category, setCategory] = useState<ReportCategory | null>(null);
  const [categoryMissing, setCategoryMissing] = useState(false);
  const [note, setNote] = useState('');
  const [voice, setVoice] = useState<Media | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [recorderPhase, setRecorderPhase] = useState<RecorderPhase>('idle');
  const [unsentVoice, setUnsentVoice] = useState(false);
  const report = useReport();
  const what = TARGET_NAMES[targetType];
  const onPhaseChange = useCallback((phase: RecorderPhase) => {
    setRecorderPhase(phase);
    if (phase === 'idle') setUnsentVoice(false);
  }, []);

  const forgetVoice = (sent: boolean) => {
    if (voice && !sent) discard(voice);
    setVoice(null);
  };
  const close = () => {
    report.reset();
    forgetVoice(false);
    setUnsentVoice(false);
    setCategoryMissing(false);
    onClose();
  };
  const chooseCategory = (chosen: ReportCategory) => {
    setCategory(chosen);
    setCategoryMissing(false);
  };
  const send = () => {
    if (!category) {
      setCategoryMissing(true);
      return;
    }
    // A recording made but not added yet would be lost without a word.
    const recorderBusy = recorderPhase !== 'idle' && recorderPhase !== 'failed';
    if (!voice && (recorderBusy || progress !== null)) {
      setUnsentVoice(true);
      return;
    }
    report.mutate(
      { targetType, targetId, category, note, voiceMediaId: voice?.id ?? null },
      {
        onSuccess: () => {
          toast.success('Thanks for telling us. The team will look at it and let you know.');
          setNote('');
          setCategory(null);
          forgetVoice(true);
          report.reset();
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={open}
      title={`Report this ${what}`}
      confirmLabel="Send report"
      loading={report.isPending}
      onConfirm={send}
      onClose={close}
    >
      <ChoiceGroup<ReportCategory>
        legend="What is wrong?"
        name={`report-${targetId}`}
        value={category}
        choices={CHOICES}
        onChange={chooseCategory}
        error={categoryMissing ? 'Choose what is wrong before sending the report.' : null}
      />
      <TextareaField
        label="Anything to add? (optional)"
        value={note}
        maxLength={REPORT_NOTE_MAX}
        rows={3}
        onChange={(event) => setNote(event.target.value)}
        hint="Only the Doers team reads this."
      />
      <div className="report-dialog__voice" role="group" aria-label="Voice note">
        <p className="field__label">Or say it (optional, up to {VOICE_SECONDS} seconds)</p>
        {voice ? (
          <div className="report-dialog__voice-added">
            <VoicePlayer
              src={voice.url}
              label="your voice note for the report"
              peaks={voice.waveform}
              durationMs={voice.durationMs}
            />
            <Button
              variant="ghost"
              icon={<IconTrash size={18} />}
              disabled={report.isPending}
              onClick={() => forgetVoice(false)}
            >
              Remove voice note
            </Button>
          </div>
        ) : (
          <VoiceRecorder
            mode="tap"
            maxSeconds={VOICE_SECONDS}
            label="voice note for the report"
            sendLabel="Add to report"
            progress={progress}
            onPhaseChange={onPhaseChange}
            onSend={async (recorded) => {
              setProgress(0);
              try {
                // The upload client loads when a report's voice note is added, not with the feed.
                const { uploadMedia } = await import('../../../lib/media-upload');
                setVoice(await uploadMedia(recorded.blob, 'report', { onProgress: setProgress }));
                setUnsentVoice(false);
              } finally {
                setProgress(null);
              }
            }}
          />
        )}
        <p className="field__hint">Only the Doers team hears it.</p>
      </div>
      {unsentVoice && (
        <Alert>Add your voice note to the report, or delete it, before sending.</Alert>
      )}
      {report.isError && (
        <Alert>{errorMessage(report.error, 'The report did not go through')}</Alert>
      )}
    </ConfirmDialog>
  );
}
