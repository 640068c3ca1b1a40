import { MEDIA_LIMITS } from '@doers/contract';

/**
 * The centre square of an image or a video frame, as a JPEG of at most
 * MEDIA_LIMITS.avatarSide px: what the server keeps of a profile picture anyway, so the preview
 * shows exactly what others will see, and the upload is small on a slow connection.
 */
export async function squareJpeg(
  source: CanvasImageSource,
  width: number,
  height: number,
): Promise<Blob> {
  const side = Math.min(width, height);
  const out = Math.min(side, MEDIA_LIMITS.avatarSide);
  const canvas = document.createElement('canvas');
  canvas.width = out;
  canvas.height = out;
  const context = canvas.getContext('2d');
  if (!context || side === 0) throw new Error('This image could not be read.');
  context.drawImage(source, (width - side) / 2, (height - side) / 2, side, side, 0, 0, out, out);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('This image could not be read.'))),
      'image/jpeg',
      0.9,
    ),
  );
}

/**
 * A chosen file, squared in the browser when it can decode it; otherwise (HEIC in most
 * browsers) the file itself, which the server squares.
 */
export async function squareFromFile(file: Blob): Promise<{ blob: Blob; squared: boolean }> {
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    try {
      return { blob: await squareJpeg(bitmap, bitmap.width, bitmap.height), squared: true };
    } finally {
      bitmap.close();
    }
  } catch {
    return { blob: file, squared: false };
  }
}
