import { useCallback, useEffect, useRef, useState } from 'react';
import { claimPlayback, releasePlayback } from './playback-coordinator';

export const PLAYBACK_RATES = [1, 1.5, 2] as const;
export type PlaybackRate = (typeof PLAYBACK_RATES)[number];

/** Played this far (or to the end), a voice note counts as listened. */
export const LISTENED_SHARE = 0.9;

interface Options {
  /** Known length (from the server or the recorder); beats the element's, which a fresh WebM lacks. */
  durationMs?: number;
  listened?: boolean;
  onListened?: () => void;
}

/**
 * The state of one <audio> element, read from its events: playing, position, length, speed and
 * whether it has been listened to. The element itself is rendered by the caller with `ref`.
 */
export function useAudioPlayback({ durationMs, listened: listenedAtFirst, onListened }: Options) {
  const ref = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [elementDuration, setElementDuration] = useState(0);
  const [rate, setRate] = useState<PlaybackRate>(1);
  const [listened, setListened] = useState(Boolean(listenedAtFirst));
  const [failed, setFailed] = useState(false);
  const listenedRef = useRef(Boolean(listenedAtFirst));
  const onListenedRef = useRef(onListened);
  useEffect(() => {
    onListenedRef.current = onListened;
  }, [onListened]);

  const duration = durationMs && durationMs > 0 ? durationMs / 1000 : elementDuration;
  const durationRef = useRef(duration);
  useEffect(() => {
    durationRef.current = duration;
  }, [duration]);

  const markListened = useCallback(() => {
    if (listenedRef.current) return;
    listenedRef.current = true;
    setListened(true);
    onListenedRef.current?.();
  }, []);

  useEffect(() => {
    const audio = ref.current;
    if (!audio) return;
    let frame = 0;
    const read = () => {
      setPosition(audio.currentTime);
      const total = durationRef.current;
      if (total > 0 && audio.currentTime >= total * LISTENED_SHARE) markListened();
    };
    // Smooth progress while playing; timeupdate alone moves only about four times a second.
    const tick = () => {
      read();
      frame = requestAnimationFrame(tick);
    };
    const onPlay = () => {
      claimPlayback(audio);
      setPlaying(true);
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(tick);
    };
    const onPause = () => {
      setPlaying(false);
      cancelAnimationFrame(frame);
      read();
    };
    const onEnded = () => {
      markListened();
      setPlaying(false);
      cancelAnimationFrame(frame);
      setPosition(0);
    };
    const onDuration = () => {
      if (Number.isFinite(audio.duration) && audio.duration > 0) setElementDuration(audio.duration);
    };
    const onError = () => setFailed(true);
    audio.addEventListener('play', onPlay);
    audio.addEventListener('pause', onPause);
    audio.addEventListener('ended', onEnded);
    audio.addEventListener('timeupdate', read);
    audio.addEventListener('seeked', read);
    audio.addEventListener('durationchange', onDuration);
    audio.addEventListener('loadedmetadata', onDuration);
    audio.addEventListener('error', onError);
    return () => {
      cancelAnimationFrame(frame);
      audio.removeEventListener('play', onPlay);
      audio.removeEventListener('pause', onPause);
      audio.removeEventListener('ended', onEnded);
      audio.removeEventListener('timeupdate', read);
      audio.removeEventListener('seeked', read);
      audio.removeEventListener('durationchange', onDuration);
      audio.removeEventListener('loadedmetadata', onDuration);
      audio.removeEventListener('error', onError);
      audio.pause();
      releasePlayback(audio);
    };
  }, [markListened]);

  const toggle = useCallback(() => {
    const audio = ref.current;
    if (!audio) return;
    if (!audio.paused) return audio.pause();
    setFailed(false);
    audio.play().catch((error: unknown) => {
      // A pause() racing the start rejects play() with AbortError: nothing went wrong.
      if (!(error instanceof DOMException && error.name === 'AbortError')) setFailed(true);
    });
  }, []);

  const seek = useCallback((seconds: number) => {
    const audio = ref.current;
    const total = durationRef.current;
    if (!audio || !(total > 0)) return;
    const to = Math.min(Math.max(seconds, 0), total);
    audio.currentTime = to;
    setPosition(to);
  }, []);

  const cycleRate = useCallback(() => {
    const next = PLAYBACK_RATES[(PLAYBACK_RATES.indexOf(rate) + 1) % PLAYBACK_RATES.length]!;
    const audio = ref.current;
    if (audio) {
      // Faster, not higher: a voice at 2× keeps its pitch.
      audio.preservesPitch = true;
      audio.defaultPlaybackRate = next;
      audio.playbackRate = next;
    }
    setRate(next);
  }, [rate]);

  return { ref, playing, position, duration, rate, listened, failed, toggle, seek, cycleRate };
}
