import { fileTypeFromFile } from 'file-type';
import type { Container } from './ffmpeg.js';

/** What the first bytes of a file say it is, among the formats taken. */
export type Sniffed =
  | { family: 'image'; format: 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'heic' }
  | { family: 'av'; container: Container };

const IMAGES: Record<string, Extract<Sniffed, { family: 'image' }>['format']> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
  'image/heic': 'heic',
  'image/heif': 'heic',
};

// file-type names every WebM video/webm, audio-only or not, and an MP4 of AAC video/mp4 unless
// its brand says M4A: the streams inside (ffprobe) decide between voice and video.
const CONTAINERS: Record<string, Container> = {
  'video/webm': 'webm',
  'audio/webm': 'webm',
  'video/mp4': 'mp4',
  'audio/mp4': 'mp4',
  'audio/x-m4a': 'mp4',
  'video/quicktime': 'mov',
  'audio/ogg': 'ogg',
  'audio/opus': 'ogg',
  'audio/ogg; codecs=opus': 'ogg',
};

/**
 * The real type, read from the bytes with file-type; the name and the content type the client
 * sent are never asked. Null for anything else (SVG, HTML, archives, executables, text…).
 */
export async function sniff(path: string): Promise<Sniffed | null> {
  const type = await fileTypeFromFile(path);
  if (!type) return null;
  const image = IMAGES[type.mime];
  if (image) return { family: 'image', format: image };
  const container = CONTAINERS[type.mime];
  if (container) return { family: 'av', container };
  return null;
}
