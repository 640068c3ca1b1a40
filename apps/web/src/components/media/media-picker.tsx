import { mediaApi, type Media, type MediaPurpose } from '@doers/contract';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { api } from '../../lib/api';
import { uploadMedia } from '../../lib/media-upload';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { IconCamera, IconCheck, IconImage, IconRefresh, IconVideo, IconX } from '../ui/icons';
import { claimPlayback } from '../voice/playback-coordinator';
import {
  acceptAttribute,
  checkPickedFile,
  videoDurationSeconds,
  type PickedKind,
  type PickerAccept,
} from './media-rules';
import { useUpload, type SendFile } from './use-upload';
import './media-picker.css';

export interface MediaPickerProps {
  purpose: MediaPurpose;
  accept?: PickerAccept;
  /** The uploaded media, or null once it was removed. */
  onChange: (media: Media | null) => void;
  /** Whenever the chosen file goes (removed, replaced by another), uploaded or not. */
  onRemove?: () => void;
  /** How the file is sent; `uploadMedia` for `purpose` unless a caller needs otherwise. */
  send?: SendFile<Media>;
  /** What happens to an uploaded file that was removed; by default the server deletes it. */
  discard?: (media: Media) => void;
  /** Reads a video's length before upload (the browser's own reading by default). */
  readDuration?: (file: Blob) => Promise<number | null>;
}

interface Picked {
  file: File;
  kind: PickedKind;
  url: string;
}

const discardOnServer = (media: Media) =>
  void api.call(mediaApi.remove, { params: { id: media.id } }).catch(() => undefined);

/**
 * Choose a photo or video (or take one with the camera on a phone), check it against the rules,
 * preview it and upload it with progress; a failed upload is retried without choosing again.
 */
export function MediaPicker({
  purpose,
  accept = 'photo-or-video',
  onChange,
  onRemove,
  send,
  discard = discardOnServer,
  readDuration = videoDurationSeconds,
}: MediaPickerProps) {
  const upload = useUpload<Media>(send ?? ((file, options) => uploadMedia(file, purpose, options)));
  const [picked, setPicked] = useState<Picked | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const library = useRef<HTMLInputElement>(null);
  const photoCamera = useRef<HTMLInputElement>(null);
  const videoCamera = useRef<HTMLInputElement>(null);
  const onPhone = useCoarsePointer();

  useEffect(() => {
    if (!picked) return;
    return () => URL.revokeObjectURL(picked.url);
  }, [picked]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires a change
    if (!file) return;
    setChecking(true);
    const checked = await checkPickedFile(file, accept, readDuration);
    setChecking(false);
    if (checked.problem !== null) {
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    remove();
    setPicked({ file, kind: checked.kind, url: URL.createObjectURL(file) });
    upload.start(file).then(onChange, () => undefined); // a failure shows below, with Retry
  };

  const remove = () => {
    const uploaded = upload.result;
    upload.reset();
    if (picked) onRemove?.();
    setPicked(null);
    if (uploaded) {
      discard(uploaded);
      onChange(null);
    }
  };

  const retry = () => void upload.retry().then(onChange, () => undefined);
  const noun = picked?.kind ?? (accept === 'photo-or-video' ? 'photo or video' : accept);
  const percent = Math.round(upload.progress * 100);

  return (
    <div className="media-picker">
      <input
        ref={library}
        type="file"
        accept={acceptAttribute(accept)}
        onChange={(event) => void choose(event)}
        hidden
        data-testid="media-picker-library"
      />
      {accept !== 'video' && (
        <input
          ref={photoCamera}
          type="file"
          accept="image/*"
          capture="environment"
          onChange={(event) => void choose(event)}
          hidden
        />
      )}
      {accept !== 'photo' && (
        <input
          ref={videoCamera}
          type="file"
          accept="video/*"
          capture="environment"
          onChange={(event) => void choose(event)}
          hidden
        />
      )}

      {picked ? (
        <div className="media-picker__preview">
          {picked.kind === 'photo' ? (
            <img src={picked.url} alt="Preview of the chosen photo" />
          ) : (
            <video
              src={picked.url}
              controls
              playsInline
              preload="metadata"
              aria-label="Preview of the chosen video"
              onPlay={(event) => claimPlayback(event.currentTarget)}
            />
          )}
          <button
            type="button"
            className="media-picker__remove"
            onClick={remove}
            aria-label={`Remove ${picked.kind}`}
          >
            <IconX size={20} />
          </button>
        </div>
      ) : (
        <div className="media-picker__choices">
          <Button
            variant="secondary"
            icon={accept === 'video' ? <IconVideo size={20} /> : <IconImage size={20} />}
            onClick={() => library.current?.click()}
            loading={checking}
          >
            Choose {noun}
          </Button>
          {onPhone && accept !== 'video' && (
            <Button
              variant="secondary"
              icon={<IconCamera size={20} />}
              onClick={() => photoCamera.current?.click()}
            >
              Take photo
            </Button>
          )}
          {onPhone && accept !== 'photo' && (
            <Button
              variant="secondary"
              icon={<IconVideo size={20} />}
              onClick={() => videoCamera.current?.click()}
            >
              Record video
            </Button>
          )}
        </div>
      )}

      {problem && <Alert>{problem}</Alert>}

      {picked && upload.status === 'uploading' && (
        <div className="media-picker__progress">
          <progress max={1} value={upload.progress} aria-label={`Uploading ${picked.kind}`} />
          <span aria-hidden="true">{percent}%</span>
        </div>
      )}
      {picked && upload.status === 'done' && (
        <p className="media-picker__done" role="status">
          <IconCheck size={16} /> {picked.kind === 'photo' ? 'Photo' : 'Video'} uploaded
        </p>
      )}
      {picked && upload.status === 'failed' && (
        <>
          <Alert title="Upload failed">{upload.error}</Alert>
          <Button variant="secondary" icon={<IconRefresh size={18} />} onClick={retry}>
            Retry upload
          </Button>
        </>
      )}
    </div>
  );
}

/** Phones and tablets: where `capture` opens the camera rather than a file chooser. */
function useCoarsePointer(): boolean {
  const [coarse] = useState(
    () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches,
  );
  return coarse;
}
