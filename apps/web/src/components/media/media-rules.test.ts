import { describe, expect, it } from 'vitest';
import { checkPickedFile, formatMegabytes, kindOf } from './media-rules';

const MB = 1024 * 1024;

/** A File of `size` bytes without allocating them. */
function fileOf(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const noDuration = async () => null;

describe('the rules checked before an upload', () => {
  it('knows photos and videos by type, and by name when the phone gives no type', () => {
    expect(kindOf(fileOf('a.jpg', 'image/jpeg', 1))).toBe('photo');
    expect(kindOf(fileOf('a.mov', 'video/quicktime', 1))).toBe('video');
    expect(kindOf(fileOf('IMG_0001.HEIC', '', 1))).toBe('photo');
    expect(kindOf(fileOf('clip.MOV', '', 1))).toBe('video');
    expect(kindOf(fileOf('logo.svg', 'image/svg+xml', 1))).toBeNull();
    expect(kindOf(fileOf('notes.pdf', 'application/pdf', 1))).toBeNull();
  });

  it('photos up to 16 MB', async () => {
    expect(await checkPickedFile(fileOf('a.jpg', 'image/jpeg', 16 * MB), 'photo')).toEqual({
      kind: 'photo',
      problem: null,
    });
    expect(await checkPickedFile(fileOf('a.jpg', 'image/jpeg', 18.4 * MB), 'photo')).toEqual({
      kind: 'photo',
      problem: 'Photos can be at most 16 MB. This one is 18.4 MB.',
    });
  });

  it('videos up to 100 MB and 60 seconds', async () => {
    const video = (size: number) => fileOf('v.mp4', 'video/mp4', size);
    expect((await checkPickedFile(video(101 * MB), 'video', noDuration)).problem).toBe(
      'Videos can be at most 100 MB. This one is 101 MB.',
    );
    expect((await checkPickedFile(video(5 * MB), 'video', async () => 72.5)).problem).toBe(
      'Videos can be at most 60 seconds. This one is 1:12.',
    );
    expect((await checkPickedFile(video(5 * MB), 'video', async () => 60)).problem).toBeNull();
    // A length the browser cannot read is left to the server's check.
    expect((await checkPickedFile(video(5 * MB), 'video', noDuration)).problem).toBeNull();
  });

  it('what was asked for, and nothing empty', async () => {
    expect((await checkPickedFile(fileOf('v.mp4', 'video/mp4', MB), 'photo')).problem).toBe(
      'Choose a photo. “v.mp4” is not one.',
    );
    expect(
      (await checkPickedFile(fileOf('n.pdf', 'application/pdf', MB), 'photo-or-video')).problem,
    ).toBe('Choose a photo or a video. “n.pdf” is not one.');
    expect((await checkPickedFile(fileOf('a.png', 'image/png', 0), 'photo')).problem).toBe(
      'This photo is empty. Choose another one.',
    );
  });

  it('writes sizes as people see them', () => {
    expect(formatMegabytes(16 * MB)).toBe('16 MB');
    expect(formatMegabytes(1.25 * MB)).toBe('1.3 MB');
  });
});
