// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STOP_TAIL_MS, type RecordedVoice } from './use-voice-recorder';
import { VoiceRecorder, type VoiceRecorderProps } from './voice-recorder';

// happy-dom has no microphone and no MediaRecorder: these stand-ins play the browser's part (a
// stream with one track, a recorder that hands over one chunk on stop). Everything else — the
// timer, the warning, the stop at the limit, the states — is the component's own code.
class FakeTrack extends EventTarget {
  stopped = false;
  stop() {
    this.stopped = true;
  }
}

let supported: string[] = [];
const recorders: FakeRecorder[] = [];

class FakeRecorder extends EventTarget {
  static isTypeSupported = (type: string) => supported.includes(type);
  state: 'inactive' | 'recording' = 'inactive';
  readonly mimeType: string;
  readonly audioBitsPerSecond: number | undefined;
  constructor(_stream: unknown, options?: { mimeType?: string; audioBitsPerSecond?: number }) {
    super();
    this.mimeType = options?.mimeType ?? '';
    this.audioBitsPerSecond = options?.audioBitsPerSecond;
    recorders.push(this);
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    queueMicrotask(() => {
      const data = Object.assign(new Event('dataavailable'), {
        data: new Blob(['the voice'], { type: this.mimeType || 'audio/webm' }),
      });
      this.dispatchEvent(data);
      this.dispatchEvent(new Event('stop'));
    });
  }
}

let track: FakeTrack;
let getUserMedia: ReturnType<typeof vi.fn>;

function installMicrophone() {
  track = new FakeTrack();
  const stream = { getTracks: () => [track], getAudioTracks: () => [track] };
  getUserMedia = vi.fn(async () => stream);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia },
  });
  vi.stubGlobal('MediaRecorder', FakeRecorder);
}

function renderRecorder(props: Partial<VoiceRecorderProps> = {}) {
  const onSend = vi.fn<(voice: RecordedVoice) => Promise<unknown> | void>();
  render(<VoiceRecorder maxSeconds={60} label="voice intro" onSend={onSend} {...props} />);
  return { onSend: (props.onSend as typeof onSend | undefined) ?? onSend };
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const timerText = () => screen.getByRole('timer').textContent;
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });
const click = (name: string | RegExp) =>
  act(async () => {
    fireEvent.click(button(name));
  });
/** The moment the microphone keeps recording after Stop (STOP_TAIL_MS), and the stop after it. */
const finishTail = () => act(async () => void vi.advanceTimersByTime(STOP_TAIL_MS));

beforeEach(() => {
  vi.useFakeTimers();
  supported = ['audio/webm;codecs=opus', 'audio/mp4'];
  recorders.length = 0;
  installMicrophone();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('VoiceRecorder (tap mode)', () => {
  it('records with a running timer, then previews the take and sends it', async () => {
    const { onSend } = renderRecorder();
    await click('Record voice intro');
    expect(getUserMedia).toHaveBeenCalledOnce();
    expect(recorders[0]).toMatchObject({
      mimeType: 'audio/webm;codecs=opus',
      audioBitsPerSecond: 64_000,
    });
    expect(timerText()).toBe('0:00 / 1:00');
    advance(3_000);
    expect(timerText()).toBe('0:03 / 1:00');

    await click('Stop recording voice intro');
    // The last syllable is still being said: the microphone stays on a moment longer.
    expect(recorders[0]!.state).toBe('recording');
    expect(track.stopped).toBe(false);
    await finishTail();
    expect(recorders[0]!.state).toBe('inactive');
    expect(track.stopped).toBe(true); // the microphone is free again
    const seekBar = screen.getByRole('slider', { name: 'Position in recorded voice intro' });
    expect(seekBar.getAttribute('aria-valuetext')).toBe('0:00 of 0:03');
    await click('Send');
    expect(onSend).toHaveBeenCalledOnce();
    const voice = onSend.mock.calls[0]![0];
    expect(voice).toMatchObject({
      mimeType: 'audio/webm;codecs=opus',
      durationMs: 3_000 + STOP_TAIL_MS,
    });
    expect(await voice.blob.text()).toBe('the voice');
    // Sent: ready for the next one.
    expect(button('Record voice intro')).toBeTruthy();
  });

  it('tells the form around it each phase, so a take not sent yet is not lost', async () => {
    const phases: string[] = [];
    renderRecorder({ onPhaseChange: (phase) => phases.push(phase) });
    await click('Record voice intro');
    advance(1_000);
    await click('Stop recording voice intro');
    await finishTail();
    expect(phases.at(-1)).toBe('preview');
    await click('Delete recorded voice intro');
    expect(phases).toContain('recording');
    expect(phases.at(-1)).toBe('idle');
  });

  it('warns 10 s before the limit and stops by itself at it', async () => {
    renderRecorder({ maxSeconds: 30 });
    await click('Record voice intro');
    advance(19_900);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.getByRole('timer').className).not.toContain('is-warning');

    advance(100);
    expect(timerText()).toBe('0:20 / 0:30');
    expect(screen.getByRole('status').textContent).toBe(
      '10 seconds left. Recording stops at 0:30.',
    );
    expect(screen.getByRole('timer').className).toContain('is-warning');

    await act(async () => {
      vi.advanceTimersByTime(10_000);
    });
    expect(recorders[0]!.state).toBe('inactive');
    expect(track.stopped).toBe(true);
    expect(screen.getByText('Stopped at the 0:30 limit.')).toBeTruthy();
    expect(screen.getByRole('slider').getAttribute('aria-valuetext')).toBe('0:00 of 0:30');
  });

  it('cancel drops the take and frees the microphone; nothing is sent', async () => {
    const onCancel = vi.fn();
    const { onSend } = renderRecorder({ onCancel });
    await click('Record voice intro');
    advance(2_000);
    await click('Cancel recording voice intro');
    expect(track.stopped).toBe(true);
    expect(onCancel).toHaveBeenCalledOnce();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Recording cancelled.');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.queryByRole('slider')).toBeNull();
  });

  it('keeps the take when sending fails, and sends the same blob again', async () => {
    const onSend = vi
      .fn<(voice: RecordedVoice) => Promise<unknown>>()
      .mockRejectedValueOnce(new Error('Network error'))
      .mockResolvedValueOnce({});
    renderRecorder({ onSend });
    await click('Record voice intro');
    advance(1_500);
    await click('Stop recording voice intro');
    await finishTail();
    await click('Send');
    expect(screen.getByRole('alert').textContent).toContain('Network error');
    await click('Try again');
    expect(onSend).toHaveBeenCalledTimes(2);
    expect(onSend.mock.calls[1]![0].blob).toBe(onSend.mock.calls[0]![0].blob);
    expect(getUserMedia).toHaveBeenCalledOnce(); // not recorded again
  });

  it('Record again replaces the take', async () => {
    renderRecorder();
    await click('Record voice intro');
    advance(4_000);
    await click('Stop recording voice intro');
    await finishTail();
    await click('Record again');
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    expect(timerText()).toBe('0:00 / 1:00');
  });

  it('disables Send with the reason when the caller cannot take it yet', async () => {
    renderRecorder({ sendLabel: 'Save', sendDisabledReason: 'Uploads are not ready yet.' });
    await click('Record voice intro');
    advance(1_000);
    await click('Stop recording voice intro');
    await finishTail();
    const save = button('Save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(document.getElementById(save.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Uploads are not ready yet.',
    );
  });
});

describe('VoiceRecorder asks for a format the browser records', () => {
  it('AAC in MP4 where WebM is missing (Safari)', async () => {
    supported = ['audio/mp4'];
    const { onSend } = renderRecorder();
    await click('Record voice intro');
    advance(1_000);
    await click('Stop recording voice intro');
    await finishTail();
    await click('Send');
    expect(onSend.mock.calls[0]![0].mimeType).toBe('audio/mp4');
    expect(onSend.mock.calls[0]![0].blob.type).toBe('audio/mp4');
  });
});

describe('VoiceRecorder when the microphone is not available', () => {
  it('refused: says how to allow it, and Try again asks again', async () => {
    getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    renderRecorder();
    await click('Record voice intro');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Microphone blocked');
    expect(alert.textContent).toContain('set Microphone to Allow');
    await click('Try again');
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('timer')).toBeTruthy();
  });

  it('no microphone at all', async () => {
    getUserMedia.mockRejectedValueOnce(new DOMException('none', 'NotFoundError'));
    renderRecorder();
    await click('Record voice intro');
    expect(screen.getByRole('alert').textContent).toContain('No microphone found');
  });

  it('a browser without MediaRecorder', async () => {
    vi.stubGlobal('MediaRecorder', undefined);
    renderRecorder();
    await click('Record voice intro');
    expect(screen.getByRole('alert').textContent).toContain("This browser can't record");
    expect(getUserMedia).not.toHaveBeenCalled();
  });
});

describe('VoiceRecorder (hold mode)', () => {
  const main = () => button(/^(Hold to record|Stop recording) voice intro$/);

  it('records while pressed and previews on release', async () => {
    renderRecorder({ mode: 'hold' });
    expect(main().getAttribute('aria-label')).toBe('Hold to record voice intro');
    await act(async () => {
      fireEvent.pointerDown(main(), { button: 0, clientX: 10, clientY: 10 });
    });
    advance(2_000);
    expect(timerText()).toBe('0:02 / 1:00');
    await act(async () => {
      fireEvent.pointerUp(main(), { clientX: 10, clientY: 10 });
    });
    await finishTail();
    expect(screen.getByRole('slider').getAttribute('aria-valuetext')).toBe('0:00 of 0:02');
  });

  it('a quick tap records nothing and says to hold', async () => {
    renderRecorder({ mode: 'hold' });
    await act(async () => {
      fireEvent.pointerDown(main(), { button: 0 });
    });
    advance(200);
    await act(async () => {
      fireEvent.pointerUp(main());
    });
    expect(screen.queryByRole('slider')).toBeNull();
    expect(track.stopped).toBe(true);
    expect(screen.getByRole('status').textContent).toBe(
      'Hold the button while you speak, then let go.',
    );
  });

  it('sliding away cancels', async () => {
    renderRecorder({ mode: 'hold' });
    await act(async () => {
      fireEvent.pointerDown(main(), { button: 0, clientX: 200, clientY: 10 });
    });
    advance(1_500);
    await act(async () => {
      fireEvent.pointerMove(main(), { clientX: 100, clientY: 10 });
    });
    expect(screen.queryByRole('timer')).toBeNull();
    expect(track.stopped).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Recording cancelled.');
    await act(async () => {
      fireEvent.pointerUp(main());
    });
    expect(screen.queryByRole('slider')).toBeNull();
  });

  it('from the keyboard, activating the button starts and stops', async () => {
    renderRecorder({ mode: 'hold' });
    await act(async () => {
      fireEvent.click(main(), { detail: 0 });
    });
    advance(1_000);
    expect(main().getAttribute('aria-label')).toBe('Stop recording voice intro');
    await act(async () => {
      fireEvent.click(main(), { detail: 0 });
    });
    await finishTail();
    expect(screen.getByRole('slider').getAttribute('aria-valuetext')).toBe('0:00 of 0:01');
  });
});
