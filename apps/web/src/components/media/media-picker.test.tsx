// @vitest-environment happy-dom
import type { Media } from '@doers/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MediaPicker, type MediaPickerProps } from './media-picker';
import type { SendFile } from './use-upload';

const MB = 1024 * 1024;

const PHOTO: Media = {
  id: '6f1c0a7e-2c1d-4a8e-9d6e-000000000002',
  kind: 'photo',
  purpose: 'post',
  contentType: 'image/jpeg',
  url: '/api/media/6f1c0a7e-2c1d-4a8e-9d6e-000000000002',
  thumbnailUrl: null,
  posterUrl: null,
  size: 2048,
  durationMs: null,
  waveform: null,
  width: 800,
  height: 600,
  transcript: null,
  createdAt: '2026-11-23T10:00:00.000Z',
};

function fileOf(name: string, type: string, size = 1000): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** An upload the test finishes by hand: the picker's own state is what is checked. */
function controlledSend() {
  const calls: Array<{
    file: Blob;
    progress: (share: number) => void;
    resolve: (media: Media) => void;
    reject: (error: Error) => void;
  }> = [];
  const send: SendFile<Media> = (file, { onProgress }) =>
    new Promise((resolve, reject) =>
      calls.push({ file, progress: (share) => onProgress?.(share), resolve, reject }),
    );
  return { send, calls };
}

function renderPicker(props: Partial<MediaPickerProps> = {}) {
  const onChange = vi.fn();
  const discard = vi.fn();
  const view = render(
    <MediaPicker purpose="post" onChange={onChange} discard={discard} {...props} />,
  );
  const input = view.container.querySelector<HTMLInputElement>(
    '[data-testid="media-picker-library"]',
  )!;
  const pick = (file: File) =>
    act(async () => {
      Object.defineProperty(input, 'files', { value: [file], configurable: true });
      // What the browser sends once a file is chosen (Testing Library's fireEvent.change would
      // send `input` instead, as Preact hears on text fields).
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
  return { onChange, discard, input, pick };
}

afterEach(() => cleanup());

describe('MediaPicker', () => {
  it('previews a chosen photo, shows the upload going, then hands over the media', async () => {
    const { send, calls } = controlledSend();
    const { onChange, input, pick } = renderPicker({ send });
    expect(input.accept).toBe('image/*,video/*');
    expect(screen.getByRole('button', { name: 'Choose photo or video' })).toBeTruthy();

    const photo = fileOf('beach.jpg', 'image/jpeg');
    await pick(photo);
    expect(screen.getByRole('img', { name: 'Preview of the chosen photo' })).toBeTruthy();
    expect(calls[0]!.file).toBe(photo);
    act(() => calls[0]!.progress(0.45));
    const bar = screen.getByRole('progressbar', { name: 'Uploading photo' }) as HTMLProgressElement;
    expect(bar.value).toBe(0.45);
    expect(screen.getByText('45%')).toBeTruthy();

    await act(async () => calls[0]!.resolve(PHOTO));
    expect(onChange).toHaveBeenCalledWith(PHOTO);
    expect(screen.getByRole('status').textContent).toContain('Photo uploaded');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('refuses a photo over 16 MB before uploading, saying why', async () => {
    const { send, calls } = controlledSend();
    const { pick } = renderPicker({ send });
    await pick(fileOf('huge.jpg', 'image/jpeg', 17 * MB));
    expect(screen.getByRole('alert').textContent).toBe(
      'Photos can be at most 16 MB. This one is 17 MB.',
    );
    expect(calls).toHaveLength(0);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('refuses a video over 60 seconds before uploading', async () => {
    const { send, calls } = controlledSend();
    const { pick } = renderPicker({ send, readDuration: async () => 75 });
    await pick(fileOf('run.mp4', 'video/mp4', 20 * MB));
    // The length is read first (asynchronously, as the browser does), then the verdict shows.
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Videos can be at most 60 seconds. This one is 1:15.',
    );
    expect(calls).toHaveLength(0);
  });

  it('retries a failed upload with the same file, without choosing again', async () => {
    const { send, calls } = controlledSend();
    const { onChange, pick } = renderPicker({ send, readDuration: async () => 12 });
    const video = fileOf('run.mp4', 'video/mp4', 20 * MB);
    await pick(video);
    expect((await screen.findByLabelText('Preview of the chosen video')).tagName).toBe('VIDEO');
    await act(async () => calls[0]!.reject(new Error('Network error')));
    expect(screen.getByRole('alert').textContent).toContain('Upload failed');
    expect(screen.getByRole('alert').textContent).toContain('Network error');
    expect(onChange).not.toHaveBeenCalled();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry upload' }));
    });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.file).toBe(video);
    await act(async () => calls[1]!.resolve({ ...PHOTO, kind: 'video' }));
    expect(onChange).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('remove cancels an upload under way; an uploaded file is discarded', async () => {
    const { send, calls } = controlledSend();
    const { onChange, discard, pick } = renderPicker({ send, accept: 'photo' });
    expect(screen.getByRole('button', { name: 'Choose photo' })).toBeTruthy();
    await pick(fileOf('a.jpg', 'image/jpeg'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    });
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    await act(async () => calls[0]!.resolve(PHOTO)); // too late: it was cancelled
    expect(screen.queryByRole('img')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();

    await pick(fileOf('b.jpg', 'image/jpeg'));
    await act(async () => {
      calls[1]!.resolve(PHOTO);
    });
    expect(onChange).toHaveBeenLastCalledWith(PHOTO);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    });
    expect(discard).toHaveBeenCalledWith(PHOTO);
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('button', { name: 'Choose photo' })).toBeTruthy();
  });
});
