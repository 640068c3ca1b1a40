import {
  MEDIA_LIMITS,
  MEDIA_PURPOSE_KINDS,
  type MediaKind,
  type MediaPurpose,
} from '@doers/contract';
import { HttpError } from '../../../platform/errors.js';

// The intake rules an upload is checked against before any processing, with the messages that
// name them; kept apart from the pipeline so the rules read in one place.

const MB = 1024 * 1024;

const KIND_ONLY: Record<Exclude<MediaPurpose, 'post'>, string> = {
  comment: 'Comments take voice notes only',
  dm: 'Messages take voice notes only',
  'voice-intro': 'A voice intro must be a voice note',
  avatar: 'A profile picture must be a photo',
  report: 'A report takes a voice note only',
};

const NAMES: Record<MediaKind, string> = { voice: 'Voice notes', photo: 'Photos', video: 'Videos' };

const VOICE_FORMATS = 'WebM/Opus, MP4/AAC or Ogg audio';
const PHOTO_FORMATS = 'JPEG, PNG, WebP, AVIF, GIF or HEIC';

function maxBytesOf(kind: MediaKind): number {
  return kind === 'photo'
    ? MEDIA_LIMITS.photoBytes
    : kind === 'video'
      ? MEDIA_LIMITS.videoBytes
      : MEDIA_LIMITS.voiceBytes;
}

function tooLargeMessage(kind: MediaKind): string {
  return `${NAMES[kind]} can be at most ${maxBytesOf(kind) / MB} MB`;
}

function sizeRule(kind: MediaKind): string {
  return `${NAMES[kind].toLowerCase()} ${maxBytesOf(kind) / MB} MB`;
}

/** The largest file `purpose` takes, for cutting an upload off early. */
export function maxBytesFor(purpose: MediaPurpose): { bytes: number; message: string } {
  const kinds = MEDIA_PURPOSE_KINDS[purpose];
  const bytes = Math.max(...kinds.map((k) => maxBytesOf(k)));
  return {
    bytes,
    message:
      kinds.length === 1
        ? tooLargeMessage(kinds[0]!)
        : `Files can be at most ${bytes / MB} MB (${kinds.map(sizeRule).join(', ')})`,
  };
}

export function checkSize(kind: MediaKind, size: number): void {
  if (size > maxBytesOf(kind)) throw new HttpError(413, tooLargeMessage(kind));
}

export function checkKind(purpose: MediaPurpose, kind: MediaKind): void {
  if (MEDIA_PURPOSE_KINDS[purpose].includes(kind)) return;
  throw new HttpError(415, KIND_ONLY[purpose as Exclude<MediaPurpose, 'post'>]);
}

export function unsupportedMessage(purpose: MediaPurpose): string {
  if (purpose === 'avatar') return `A profile picture must be a ${PHOTO_FORMATS} photo`;
  if (purpose !== 'post') return `Voice notes must be ${VOICE_FORMATS}`;
  return (
    `This type of file is not taken: voice notes must be ${VOICE_FORMATS}, photos ` +
    `${PHOTO_FORMATS}, videos MP4, WebM or MOV`
  );
}
