import { VOICE_SECONDS_FIXED } from '@doers/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { IconMic } from '../../../components/ui/icons';
import type { RecordedVoice } from '../../../components/voice/use-voice-recorder';
import { VoiceRecorder } from '../../../components/voice/voice-recorder';
import { uploadMedia } from '../../../lib/media-upload';
import { useSaveOnboardingStep } from '../api/onboarding-api';
import { useSaveVoiceIntro } from '../api/profile-steps-api';
import { OnboardingFrame } from '../components/onboarding-frame';

/** A voice intro is at most a minute (docs/product/voice.md). */
export const VOICE_INTRO_MAX_SECONDS = VOICE_SECONDS_FIXED['voice-intro'];

/**
 * Record up to a minute, listen back, save: the note is uploaded as a voice intro and made the
 * profile's; only then is the step saved. A failed save keeps the recording for another try.
 */
export function VoiceIntroStep() {
  const saveStep = useSaveOnboardingStep();
  const saveVoiceIntro = useSaveVoiceIntro();
  const [progress, setProgress] = useState<number | null>(null);

  const send = async (voice: RecordedVoice) => {
    setProgress(0);
    try {
      const media = await uploadMedia(voice.blob, 'voice-intro', { onProgress: setProgress });
      setProgress(null);
      await saveVoiceIntro.mutateAsync({
        mediaId: media.id,
        ...(voice.transcript ? { transcript: voice.transcript } : {}),
      });
    } finally {
      setProgress(null);
    }
    saveStep.mutate('voice-intro');
  };

  return (
    <OnboardingFrame
      step="voice-intro"
      icon={<IconMic size={32} />}
      title="Record a voice intro"
      lead="Say who you are and what you are working towards, in your own voice."
      actions={
        <Button
          block
          variant="secondary"
          loading={saveStep.isPending}
          onClick={() => saveStep.mutate('voice-intro')}
        >
          Skip for now
        </Button>
      }
    >
      <VoiceRecorder
        mode="tap"
        maxSeconds={VOICE_INTRO_MAX_SECONDS}
        label="voice intro"
        sendLabel="Save"
        progress={progress}
        onSend={send}
      />
    </OnboardingFrame>
  );
}
