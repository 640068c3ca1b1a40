import { MEDIA_LIMITS } from '@doers/contract';
import { join } from 'node:path';
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { HttpError } from '../../../platform/errors.js';
import type { Sniffed } from './sniff.js';

export type Photo = {
  path: string;
  contentType: 'image/jpeg' | 'image/webp';
  size: number;
  width: number;
  height: number;
  thumbnail: { path: string; size: number };
};

type ImageFormat = Extract<Sniffed, { family: 'image' }>['format'];

// What sharp calls each format the bytes announced (AVIF and HEIC are both HEIF containers).
const SHARP_FORMAT: Record<ImageFormat, string> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  avif: 'heif',
  gif: 'gif',
  heic: 'heif',
};

const MAX_PIXELS = MEDIA_LIMITS.maxInputPixels;
const MAX_SIDE = Math.sqrt(MAX_PIXELS);

/**
 * Decodes a photo and writes it again: a JPEG (a WebP when it has transparency) of at most
 * MEDIA_LIMITS.photoMaxSide px, turned upright, without any of the original's metadata (EXIF,
 * GPS, XMP, IPTC, comments: sharp keeps none unless asked), plus a thumbnail. A profile picture
 * is cropped square. Images of more than MEDIA_LIMITS.maxInputPixels pixels are refused from
 * their header, before anything is decoded (pixel floods, decompression bombs).
 */
export async function reencodePhoto(
  input: string,
  format: ImageFormat,
  workDir: string,
  square: boolean,
): Promise<Photo> {
  const options: SharpOptions = {
    limitInputPixels: MAX_PIXELS,
    failOn: 'warning',
    autoOrient: true,
    animated: false,
  };
  // The header alone, read without the pixel limit so that a flood gets its own message; nothing
  // is decoded here.
  const meta = await sharp(input, { ...options, limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw unreadablePhoto(format);
    });
  if (meta.format !== SHARP_FORMAT[format]) throw unreadablePhoto(format);
  if (!meta.width || !meta.height) throw unreadablePhoto(format);
  if (meta.width * meta.height > MAX_PIXELS) {
    throw new HttpError(
      422,
      `Photos can be at most ${MAX_SIDE} × ${MAX_SIDE} pixels (${Math.floor(MAX_PIXELS / 1e6)} megapixels)`,
    );
  }

  const image = sharp(input, options);
  const webp = meta.hasAlpha === true;
  const encode = (s: Sharp) =>
    webp ? s.webp({ quality: 82 }) : s.jpeg({ quality: 82, mozjpeg: true });
  const ext = webp ? 'webp' : 'jpg';
  const side = Math.min(MEDIA_LIMITS.avatarSide, meta.autoOrient.width, meta.autoOrient.height);
  const main = square
    ? image.clone().resize(side, side, { fit: 'cover', position: 'attention' })
    : image.clone().resize(MEDIA_LIMITS.photoMaxSide, MEDIA_LIMITS.photoMaxSide, {
        fit: 'inside',
        withoutEnlargement: true,
      });
  const thumb = MEDIA_LIMITS.thumbnailSide;
  const small = square
    ? image.clone().resize(Math.min(thumb, side), Math.min(thumb, side), {
        fit: 'cover',
        position: 'attention',
      })
    : image.clone().resize(thumb, thumb, { fit: 'inside', withoutEnlargement: true });
  const mainPath = join(workDir, `photo.${ext}`);
  const thumbPath = join(workDir, `thumbnail.${ext}`);
  try {
    const [mainInfo, thumbInfo] = await Promise.all([
      encode(main).toFile(mainPath),
      encode(small).toFile(thumbPath),
    ]);
    return {
      path: mainPath,
      contentType: webp ? 'image/webp' : 'image/jpeg',
      size: mainInfo.size,
      width: mainInfo.width,
      height: mainInfo.height,
      thumbnail: { path: thumbPath, size: thumbInfo.size },
    };
  } catch {
    throw unreadablePhoto(format);
  }
}

function unreadablePhoto(format: ImageFormat): HttpError {
  // Sharp's prebuilt image library reads AVIF but not HEVC, which iPhone HEIC photos use.
  if (format === 'heic') {
    return new HttpError(
      415,
      'HEIC photos cannot be read here: choose a JPEG (on an iPhone, Settings › Camera › ' +
        'Formats › Most Compatible)',
    );
  }
  return new HttpError(422, 'This photo could not be read: the file is damaged or incomplete');
}
