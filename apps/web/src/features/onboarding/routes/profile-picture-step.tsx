import { MEDIA_LIMITS, type Media } from '@doers/contract';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useUpload } from '../../../components/media/use-upload';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { IconCamera, IconImage, IconRefresh } from '../../../components/ui/icons';
import { errorMessage } from '../../../lib/api-error';
import { uploadMedia } from '../../../lib/media-upload';
import { useSaveOnboardingStep } from '../api/onboarding-api';
import { useSaveAvatar } from '../api/profile-steps-api';
import { CameraCapture } from '../components/camera-capture';
import { OnboardingFrame } from '../components/onboarding-frame';
import { squareFromFile } from '../lib/square-photo';
import './profile-picture-step.css';

interface Photo {
  blob: Blob;
  url: string;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Take a photo with the camera or choose one, see it as a square, upload it and make it the
 * profile picture. The step is saved only once the picture is (docs/product/onboarding.md).
 */
export function ProfilePictureStep() {
  const saveStep = useSaveOnboardingStep();
  const saveAvatar = useSaveAvatar();
  const upload = useUpload<Media>((file, options) => uploadMedia(file, 'avatar', options));
  const [camera, setCamera] = useState(false);
  const [photo, setPhoto] = useState<Photo | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!photo) return;
    return () => URL.revokeObjectURL(photo.url);
  }, [photo]);

  const take = (blob: Blob) => {
    upload.reset();
    setProblem(null);
    setCamera(false);
    setPhoto({ blob, url: URL.createObjectURL(blob) });
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires a change
    if (!file) return;
    if (!file.type.startsWith('image/') && file.type !== '') {
      setProblem(`Choose a photo. “${file.name}” is not one.`);
      return;
    }
    const { blob } = await squareFromFile(file);
    if (blob.size > MEDIA_LIMITS.photoBytes) {
      setProblem(`Photos can be at most ${MEDIA_LIMITS.photoBytes / 1024 / 1024} MB.`);
      return;
    }
    take(blob);
  };

  const save = async () => {
    if (!photo) return;
    setProblem(null);
    try {
      const media = upload.result ?? (await upload.start(photo.blob));
      await saveAvatar.mutateAsync(media.id);
      saveStep.mutate('profile-picture');
    } catch (error) {
      if (isAbort(error)) return;
      setProblem(errorMessage(error, 'Your photo could not be saved. Try again.'));
    }
  };

  const busy = upload.status === 'uploading' || saveAvatar.isPending || saveStep.isPending;

  return (
    <OnboardingFrame
      step="profile-picture"
      icon={<IconCamera size={32} />}
      title="Add a profile picture"
      lead="It sits inside your halo ring, so the people you vibe with recognise you at a glance."
      actions={
        <>
          {photo && !camera && (
            <Button block loading={busy} onClick={() => void save()}>
              Use this photo
            </Button>
          )}
          <Button
            block
            variant="secondary"
            disabled={busy}
            onClick={() => saveStep.mutate('profile-picture')}
          >
            Skip for now
          </Button>
        </>
      }
    >
      {camera ? (
        <CameraCapture onCapture={take} onClose={() => setCamera(false)} />
      ) : (
        <>
          {photo && (
            <div className="photo-step__preview">
              <img src={photo.url} alt="Your new profile picture, as others will see it" />
            </div>
          )}
          {upload.status === 'uploading' && (
            <div className="photo-step__progress">
              <progress max={1} value={upload.progress} aria-label="Uploading your photo" />
              <span>{Math.round(upload.progress * 100)}%</span>
            </div>
          )}
          {problem && <Alert title="Not saved">{problem}</Alert>}
          <div className="photo-step__choices">
            <Button
              variant="secondary"
              icon={photo ? <IconRefresh size={18} /> : <IconCamera size={18} />}
              disabled={busy}
              onClick={() => setCamera(true)}
            >
              {photo ? 'Retake' : 'Take a photo'}
            </Button>
            <Button
              variant="secondary"
              icon={<IconImage size={18} />}
              disabled={busy}
              onClick={() => fileInput.current?.click()}
            >
              {photo ? 'Choose another' : 'Choose a photo'}
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              hidden
              aria-label="Choose a photo"
              onChange={(event) => void choose(event)}
            />
          </div>
        </>
      )}
    </OnboardingFrame>
  );
}
