// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VoicePlayer } from './voice-player';
import { barHeights } from './waveform-path';

const PEAKS = [0.1, 0.5, 1, 0.4, 0.2];

function renderPlayer(props: Partial<Parameters<typeof VoicePlayer>[0]> = {}) {
  const onListened = vi.fn();
  const view = render(
    <VoicePlayer
      src="/media/intro.m4a"
      label="voice intro"
      peaks={PEAKS}
      durationMs={45_000}
      onListened={onListened}
      {...props}
    />,
  );
  const audio = view.container.querySelector('audio')!;
  const seekBar = screen.getByRole('slider', { name: 'Position in voice intro' });
  return { audio, seekBar, onListened };
}

const valueText = (element: HTMLElement) => element.getAttribute('aria-valuetext');

afterEach(() => cleanup());

describe('VoicePlayer', () => {
  it('names every control and says where it is as "0:00 of 0:45"', () => {
    const { seekBar } = renderPlayer();
    expect(screen.getByRole('group', { name: 'Voice intro' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Play voice intro' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Playback speed 1×' })).toBeTruthy();
    expect(valueText(seekBar)).toBe('0:00 of 0:45');
    expect(seekBar.getAttribute('aria-valuemax')).toBe('45');
    expect(seekBar.tabIndex).toBe(0);
  });

  it('seeks by keys: arrows ±5 s, Home and End, never past either end', () => {
    const { audio, seekBar } = renderPlayer();
    fireEvent.keyDown(seekBar, { key: 'ArrowRight' });
    expect(audio.currentTime).toBe(5);
    expect(valueText(seekBar)).toBe('0:05 of 0:45');
    fireEvent.keyDown(seekBar, { key: 'ArrowUp' });
    expect(valueText(seekBar)).toBe('0:10 of 0:45');
    fireEvent.keyDown(seekBar, { key: 'ArrowLeft' });
    expect(audio.currentTime).toBe(5);
    fireEvent.keyDown(seekBar, { key: 'End' });
    expect(audio.currentTime).toBe(45);
    expect(valueText(seekBar)).toBe('0:45 of 0:45');
    fireEvent.keyDown(seekBar, { key: 'ArrowRight' });
    expect(audio.currentTime).toBe(45);
    fireEvent.keyDown(seekBar, { key: 'Home' });
    expect(audio.currentTime).toBe(0);
    fireEvent.keyDown(seekBar, { key: 'ArrowDown' });
    expect(audio.currentTime).toBe(0);
  });

  it('seeks where the waveform is tapped, and follows a drag', () => {
    const { audio, seekBar } = renderPlayer();
    seekBar.getBoundingClientRect = () => ({ left: 100, width: 200 }) as DOMRect;
    fireEvent.pointerDown(seekBar, { clientX: 150, pointerId: 1 }); // a quarter of the way
    expect(audio.currentTime).toBe(11.25);
    expect(valueText(seekBar)).toBe('0:11 of 0:45');
    fireEvent.pointerMove(seekBar, { clientX: 300, pointerId: 1 });
    expect(audio.currentTime).toBe(45);
    fireEvent.pointerUp(seekBar, { pointerId: 1 });
    fireEvent.pointerMove(seekBar, { clientX: 100, pointerId: 1 }); // not dragging any more
    expect(audio.currentTime).toBe(45);
  });

  it('cycles 1× → 1.5× → 2× → 1× and keeps the pitch', () => {
    const { audio } = renderPlayer();
    fireEvent.click(screen.getByRole('button', { name: 'Playback speed 1×' }));
    expect(audio.playbackRate).toBe(1.5);
    expect(audio.preservesPitch).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Playback speed 1.5×' }));
    expect(audio.playbackRate).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Playback speed 2×' }));
    expect(audio.playbackRate).toBe(1);
  });

  it('counts as listened once past 90%, and tells the caller once', () => {
    const { audio, onListened } = renderPlayer();
    audio.currentTime = 40; // 89%
    act(() => void audio.dispatchEvent(new Event('timeupdate')));
    expect(screen.queryByText('Listened')).toBeNull();
    audio.currentTime = 40.6; // 90.2%
    act(() => void audio.dispatchEvent(new Event('timeupdate')));
    expect(screen.getByText('Listened')).toBeTruthy();
    act(() => void audio.dispatchEvent(new Event('ended')));
    expect(onListened).toHaveBeenCalledOnce();
  });

  it('played to the end counts as listened; a listened note shows it from the start', () => {
    const { audio, onListened } = renderPlayer();
    act(() => void audio.dispatchEvent(new Event('ended')));
    expect(onListened).toHaveBeenCalledOnce();
    cleanup();
    renderPlayer({ listened: true });
    expect(screen.getByText('Listened')).toBeTruthy();
  });

  it('plays one at a time: starting one pauses the other', () => {
    render(
      <>
        <VoicePlayer src="/a.m4a" label="first note" peaks={PEAKS} durationMs={5_000} />
        <VoicePlayer src="/b.m4a" label="second note" peaks={PEAKS} durationMs={5_000} />
      </>,
    );
    const [first, second] = Array.from(document.querySelectorAll('audio'));
    const start = (audio: HTMLAudioElement, name: string) => {
      fireEvent.click(screen.getByRole('button', { name }));
      act(() => void audio.dispatchEvent(new Event('play')));
    };
    start(first!, 'Play first note');
    expect(first!.paused).toBe(false);
    expect(screen.getByRole('button', { name: 'Pause first note' })).toBeTruthy();
    start(second!, 'Play second note');
    expect(first!.paused).toBe(true);
    expect(second!.paused).toBe(false);
    expect(
      within(screen.getByRole('group', { name: 'First note' })).getByRole('button', {
        name: 'Play first note',
      }),
    ).toBeTruthy();
  });

  it('draws the given peaks, scaled so the loudest is full height', () => {
    renderPlayer();
    const path = document.querySelector('.voice-player__bars path')!.getAttribute('d')!;
    const heights = barHeights(path);
    expect(heights.length).toBe(48);
    expect(Math.max(...heights)).toBe(100);
  });
});
