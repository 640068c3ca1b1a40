import { MEDIA_LIMITS } from '@doers/contract';
import { formatClock } from '../voice/format-clock';

export type PickedKind = 'photo' | 'video';
export type PickerAccept = 'photo' | 'video' | 'photo-or-video';

const MB = 1024 * 1024;

/** Some phones hand over HEIC or MOV files without a type: the name says what they are. */
const PHOTO_NAME = /\.(jpe?g|png|webp|avif|gif|heic|heif)$/i;
const VIDEO_NAME = /\.(mp4|m4v|mov|webm)$/i;

export function kindOf(file: File): PickedKind | null {
  if (file.type.startsWith('image/')) return file.type === 'image/svg+xml' ? null : 'photo';
  if (file.type.startsWith('video/')) return 'video';
  if (!file.type && PHOTO_NAME.test(file.name)) return 'photo';
  if (!file.type && VIDEO_NAME.test(file.name)) return 'video';
  return null;
}

/** "16 MB", "18.4 MB": the unit people see in their gallery. */
export function formatMegabytes(bytes: number): string {
  const value = bytes / MB;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} MB`;
}

export function sizeProblem(kind: PickedKind, bytes: number): string | null {
  const limit = kind === 'photo' ? MEDIA_LIMITS.photoBytes : MEDIA_LIMITS.videoBytes;
  if (bytes === 0) return `This ${kind} is empty. Choose another one.`;
  if (bytes <= limit) return null;
  const noun = kind === 'photo' ? 'Photos' : 'Videos';
  return `${noun} can be at most ${formatMegabytes(limit)}. This one is ${formatMegabytes(bytes)}.`;
}

export function durationProblem(seconds: number | null): string | null {
  if (seconds === null || seconds <= MEDIA_LIMITS.videoSeconds) return null;
  return `Videos can be at most ${MEDIA_LIMITS.videoSeconds} seconds. This one is ${formatClock(seconds)}.`;
}

const ACCEPTED: Record<PickerAccept, readonly PickedKind[]> = {
  photo: ['photo'],
  video: ['video'],
  'photo-or-video': ['photo', 'video'],
};

export function acceptAttribute(accept: PickerAccept): string {
  return ACCEPTED[accept].map((kind) => (kind === 'photo' ? 'image/*' : 'video/*')).join(',');
}

/**
 * A video's length as the browser reads it from the file's header; null when it cannot (an
 * unknown codec): the server checks every video anyway.
 */
export function videoDurationSeconds(file: Blob, timeoutMs = 5_000): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    const done = (seconds: number | null) => {
      clearTimeout(timer);
      video.removeAttribute('src');
      URL.revokeObjectURL(url);
      resolve(seconds);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    video.preload = 'metadata';
    video.muted = true;
    video.addEventListener('loadedmetadata', () =>
      done(Number.isFinite(video.duration) ? video.duration : null),
    );
    video.addEventListener('error', () => done(null));
    video.src = url;
  });
}

/** The rules checked before anything is uploaded; the server checks them again on the bytes. */
export async function checkPickedFile(
  file: File,
  accept: PickerAccept,
  readDuration: (file: Blob) => Promise<number | null> = videoDurationSeconds,
): Promise<{ kind: PickedKind; problem: null } | { kind: PickedKind | null; problem: string }> {
  const kind = kindOf(file);
  if (!kind || !ACCEPTED[accept].includes(kind)) {
    const wanted = { photo: 'a photo', video: 'a video', 'photo-or-video': 'a photo or a video' };
    return { kind, problem: `Choose ${wanted[accept]}. “${file.name}” is not one.` };
  }
  const problem =
    sizeProblem(kind, file.size) ??
    (kind === 'video' ? durationProblem(await readDuration(file)) : null);
  return problem ? { kind, problem } : { kind, problem: null };
}
