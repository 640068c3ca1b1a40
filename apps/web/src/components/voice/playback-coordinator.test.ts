import { describe, expect, it } from 'vitest';
import { claimPlayback, pauseAllPlayback, releasePlayback } from './playback-coordinator';

function fakeMedia() {
  const media = { paused: false, pause: () => (media.paused = true) };
  return media as unknown as HTMLMediaElement;
}

describe('playback coordinator', () => {
  it('pauses the one playing when another starts, and forgets a released one', () => {
    const a = fakeMedia();
    const b = fakeMedia();
    claimPlayback(a);
    claimPlayback(b);
    expect(a.paused).toBe(true);
    expect(b.paused).toBe(false);
    releasePlayback(b);
    pauseAllPlayback();
    expect(b.paused).toBe(false); // released: no longer the coordinator's to pause
    claimPlayback(b);
    pauseAllPlayback();
    expect(b.paused).toBe(true);
  });
});
