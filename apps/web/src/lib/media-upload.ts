import { MEDIA_UPLOAD_FIELD, mediaApi, type Media, type MediaPurpose } from '@doers/contract';
import { api } from './api';
import { uploadResumable } from './resumable-upload';

/** Above this, and for every video, files go over tus in chunks that survive a dropped line. */
export const RESUMABLE_FROM_BYTES = 5 * 1024 * 1024;

function isResumable(file: Blob): boolean {
  return file.type.startsWith('video/') || file.size > RESUMABLE_FROM_BYTES;
}

export interface UploadProgressOptions {
  /** 0–1 as the bytes go out. */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
}

/** File names by type, for blobs without one (a recording); the server reads the bytes anyway. */
const EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/mp4': 'm4a',
  'audio/ogg': 'ogg',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
};

export function uploadName(file: Blob): string {
  if (file instanceof File && file.name) return file.name;
  const type = file.type.split(';')[0]!.trim().toLowerCase();
  return `upload.${EXTENSIONS[type] ?? 'bin'}`;
}

/**
 * Uploads one file for `purpose` with progress, through the API client's token refresh: videos
 * and large files resumably over tus (a retry continues where the server stopped), the rest in
 * one `POST /media` (multipart). Resolves with the stored Media once the server has checked it.
 */
export function uploadMedia(
  file: Blob,
  purpose: MediaPurpose,
  { onProgress, signal }: UploadProgressOptions = {},
): Promise<Media> {
  if (isResumable(file)) return uploadResumable(api, file, purpose, { onProgress, signal });
  const form = new FormData();
  form.append(MEDIA_UPLOAD_FIELD, file, uploadName(file));
  return api.upload(
    mediaApi.upload,
    {
      query: { purpose },
      signal,
      onProgress: onProgress && ((sent, total) => onProgress(total > 0 ? sent / total : 0)),
    },
    form,
  );
}
