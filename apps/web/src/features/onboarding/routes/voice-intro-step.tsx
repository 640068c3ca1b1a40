import { Button } from '../../../components/ui/button';
import { IconMic } from '../../../components/ui/icons';
import { VoiceRecorder } from '../../../components/voice/voice-recorder';
import { useSaveOnboardingStep } from '../api/onboarding-api';
import { OnboardingFrame } from '../components/onboarding-frame';

/** A voice intro is at most a minute (docs/product/voice.md). */
export const VOICE_INTRO_MAX_SECONDS = 60;

// Until the server takes uploads, a recording can be made and heard but not kept.
const NOT_YET_SAVED =
  'Saving voice intros arrives with media uploads, which are still being built. ' +
  'Skip for now: you will be able to record it again from your profile.';

export function VoiceIntroStep() {
  const save = useSaveOnboardingStep();
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
          loading={save.isPending}
          onClick={() => save.mutate('voice-intro')}
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
        sendDisabledReason={NOT_YET_SAVED}
        onSend={() => undefined}
      />
    </OnboardingFrame>
  );
}
