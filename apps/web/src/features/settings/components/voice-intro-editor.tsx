import { VOICE_SECONDS_FIXED, type User } from '@doers/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { IconTrash } from '../../../components/ui/icons';
import { VoicePlayer } from '../../../components/voice/voice-player';
import { VoiceRecorder } from '../../../components/voice/voice-recorder';
import { errorMessage } from '../../../lib/api-error';
import { uploadMedia } from '../../../lib/media-upload';
import { toast } from '../../../lib/toast-store';
import { PROFILE_TUTORIAL_MARKERS } from '../../profile';
import { useRemoveVoiceIntro, useSetVoiceIntro } from '../api/profile-settings-api';

/** The voice intro: hear the current one, record a new one (it replaces it), or delete it. */
export function VoiceIntroEditor({ account }: { account: User }) {
  const setVoiceIntro = useSetVoiceIntro();
  const remove = useRemoveVoiceIntro();
  const [progress, setProgress] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const intro = account.voiceIntro;

  return (
    <section
      id="voice-intro"
      className="card edit-profile__section"
      aria-labelledby="voice-intro-title"
      data-tutorial={PROFILE_TUTORIAL_MARKERS.voiceIntro}
    >
      <h2 id="voice-intro-title" className="card__title">
        Voice intro
      </h2>
      {intro ? (
        <div className="voice-intro-editor__current">
          <VoicePlayer
            src={intro.url}
            peaks={intro.waveform}
            durationMs={intro.durationMs}
            label="your voice intro"
            transcript={intro.transcript}
            editableMediaId={intro.mediaId}
          />
          <Button
            variant="ghost"
            icon={<IconTrash size={18} />}
            loading={remove.isPending}
            onClick={() => setConfirming(true)}
          >
            Delete voice intro
          </Button>
        </div>
      ) : (
        <p className="muted">
          Up to {VOICE_SECONDS_FIXED['voice-intro']} seconds: who you are and what you are working
          towards, in your own voice.
        </p>
      )}
      <p className="field__label voice-intro-editor__label">
        {intro ? 'Record a new one' : 'Record your voice intro'}
      </p>
      <VoiceRecorder
        mode="tap"
        maxSeconds={VOICE_SECONDS_FIXED['voice-intro']}
        label="voice intro"
        sendLabel="Save voice intro"
        progress={progress}
        onSend={async (voice) => {
          setProgress(0);
          try {
            const media = await uploadMedia(voice.blob, 'voice-intro', { onProgress: setProgress });
            await setVoiceIntro.mutateAsync({
              mediaId: media.id,
              ...(voice.transcript ? { transcript: voice.transcript } : {}),
            });
            toast.success('Your voice intro is saved');
          } finally {
            setProgress(null);
          }
        }}
      />
      <ConfirmDialog
        open={confirming}
        title="Delete your voice intro?"
        confirmLabel="Delete"
        tone="danger"
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate(undefined, {
            onSuccess: () => toast.success('Your voice intro is deleted'),
            onError: (error) =>
              toast.error(errorMessage(error, 'Could not delete your voice intro')),
          });
        }}
      >
        People visiting your profile will no longer hear it.
      </ConfirmDialog>
    </section>
  );
}
