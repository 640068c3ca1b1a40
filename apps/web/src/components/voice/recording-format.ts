/**
 * What MediaRecorder is asked to produce, best first: Opus in WebM (Chromium, Firefox), then AAC
 * in MP4 (Safari, which has nothing else), then Opus in Ogg. The server transcodes every voice
 * note to AAC in MP4, so any of these is fine; the order only picks the smallest good one.
 */
export const RECORDING_MIME_TYPES = [
  'audio/webm;codecs=opus',
  'audio/mp4;codecs=mp4a.40.2',
  'audio/mp4',
  'audio/ogg;codecs=opus',
  'audio/webm',
] as const;

/** '' means "the browser's default", which MediaRecorder accepts when it supports none of these. */
export function pickRecordingMimeType(isTypeSupported: (type: string) => boolean): string {
  return RECORDING_MIME_TYPES.find((type) => safely(() => isTypeSupported(type))) ?? '';
}

function safely(check: () => boolean): boolean {
  try {
    return check();
  } catch {
    return false;
  }
}

/** The container of a recorded blob without its codec parameters: "audio/webm;codecs=opus" → "audio/webm". */
export function baseMimeType(type: string): string {
  return type.split(';')[0]!.trim().toLowerCase();
}
