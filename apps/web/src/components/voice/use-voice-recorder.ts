import { useCallback, useEffect, useRef, useState } from 'react';
import { microphoneProblemOf, type MicrophoneProblem } from './microphone-problems';
import { pauseAllPlayback } from './playback-coordinator';
import { pickRecordingMimeType } from './recording-format';

/** The warning shows this long before the limit. */
export const WARNING_SECONDS = 10;
/** How often the timer and the live waveform move. */
export const TICK_MS = 100;
/** The bit rate asked of MediaRecorder. */
export const VOICE_BITS_PER_SECOND = 64_000;
/** How many recent loudness samples the live waveform shows. */
export const LIVE_BARS = 40;
/**
 * How long the microphone keeps recording after Stop or a lifted finger: the last syllable is
 * still being said, and still in the browser's audio pipeline, when the hand moves. Without it
 * the end of what was said was cut (a 4.2 s hold played as 0:03).
 */
export const STOP_TAIL_MS = 400;

export type RecorderPhase = 'idle' | 'starting' | 'recording' | 'stopping' | 'preview' | 'failed';

/** What the recorder hands over: the caller uploads the blob. */
export interface RecordedVoice {
  blob: Blob;
  /** The recorder's own type, such as "audio/webm;codecs=opus". */
  mimeType: string;
  /** Measured from start to stop, at most the limit. */
  durationMs: number;
  /** What the device heard, as the speaker corrected it (use-live-transcript.ts); none where
   *  the browser cannot recognise speech on the device. */
  transcript?: string;
}

export interface Recording extends RecordedVoice {
  /** An object URL of the blob for the preview player; revoked when the recording goes. */
  url: string;
  /** Loudness samples taken while recording (one per tick), the preview's waveform. */
  levels: number[];
  stoppedAtLimit: boolean;
}

interface Live {
  stream: MediaStream;
  recorder: MediaRecorder;
  chunks: Blob[];
  startedAt: number;
  levels: number[];
  context: AudioContext | null;
  analyser: AnalyserNode | null;
  /** The tick and the stop's tail (clearInterval clears either: one pool of ids). */
  timers: Array<ReturnType<typeof setInterval>>;
  /** Stop was asked for: the tail is being recorded. */
  stopping: boolean;
  stoppedAtLimit: boolean;
  durationMs: number;
}

/**
 * Microphone → MediaRecorder → a Blob, with a timer against `maxSeconds`, a warning before it,
 * a stop at it, and the loudness for a live waveform (Web Audio). The blob stays until
 * `discard()`, so a failed upload can be sent again without recording again.
 */
export function useVoiceRecorder({ maxSeconds }: { maxSeconds: number }) {
  const [phase, setPhase] = useState<RecorderPhase>('idle');
  const [elapsedMs, setElapsedMs] = useState(0);
  const [liveLevels, setLiveLevels] = useState<number[]>([]);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [problem, setProblem] = useState<MicrophoneProblem | null>(null);
  const live = useRef<Live | null>(null);
  // Bumped by cancel: a getUserMedia or a stop still under way for an older attempt is ignored.
  const attempt = useRef(0);
  const maxMs = maxSeconds * 1000;

  const release = useCallback((session: Live) => {
    session.timers.forEach((timer) => clearInterval(timer));
    session.stream.getTracks().forEach((track) => track.stop());
    void session.context?.close().catch(() => undefined);
    if (live.current === session) live.current = null;
  }, []);

  const stop = useCallback(
    (atLimit = false) => {
      const session = live.current;
      if (!session || session.recorder.state === 'inactive' || session.stopping) return;
      session.stopping = true;
      session.stoppedAtLimit = atLimit;
      setElapsedMs(Math.min(Date.now() - session.startedAt, maxMs));
      setPhase('stopping');
      session.timers.forEach((timer) => clearInterval(timer));
      const finish = () => {
        if (session.recorder.state === 'inactive') return;
        session.durationMs = Math.min(Date.now() - session.startedAt, maxMs);
        session.recorder.stop(); // its stop event builds the recording and frees the microphone
      };
      // At the limit there is nothing more to take; otherwise the tail is kept.
      const tail = atLimit ? 0 : Math.min(STOP_TAIL_MS, maxMs - (Date.now() - session.startedAt));
      if (tail > 0) session.timers.push(setTimeout(finish, tail));
      else finish();
    },
    [maxMs],
  );

  const cancel = useCallback(() => {
    attempt.current += 1;
    const session = live.current;
    if (session) {
      session.chunks.length = 0;
      if (session.recorder.state !== 'inactive') session.recorder.stop();
      release(session);
    }
    setElapsedMs(0);
    setLiveLevels([]);
    setProblem(null);
    setPhase('idle');
  }, [release]);

  const discard = useCallback(() => {
    setRecording(null);
    cancel();
  }, [cancel]);

  const start = useCallback(async () => {
    if (live.current) return;
    const mine = ++attempt.current;
    setProblem(null);
    setRecording(null);
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!media?.getUserMedia || typeof MediaRecorder === 'undefined') {
      setProblem('unsupported');
      setPhase('failed');
      return;
    }
    pauseAllPlayback();
    setPhase('starting');
    let stream: MediaStream;
    try {
      stream = await media.getUserMedia({
        audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      });
    } catch (error) {
      if (mine !== attempt.current) return;
      setProblem(microphoneProblemOf(error));
      setPhase('failed');
      return;
    }
    if (mine !== attempt.current) {
      stream.getTracks().forEach((track) => track.stop()); // cancelled while the prompt was open
      return;
    }

    let recorder: MediaRecorder;
    const mimeType = pickRecordingMimeType((type) => MediaRecorder.isTypeSupported(type));
    try {
      // 64 kb/s is plenty for a voice and halves the upload of the browsers' default 128 kb/s.
      recorder = new MediaRecorder(stream, {
        ...(mimeType ? { mimeType } : {}),
        audioBitsPerSecond: VOICE_BITS_PER_SECOND,
      });
    } catch (error) {
      stream.getTracks().forEach((track) => track.stop());
      setProblem(microphoneProblemOf(error));
      setPhase('failed');
      return;
    }
    const session: Live = {
      stream,
      recorder,
      chunks: [],
      startedAt: Date.now(),
      levels: [],
      ...listenTo(stream),
      timers: [],
      stopping: false,
      stoppedAtLimit: false,
      durationMs: 0,
    };
    live.current = session;

    recorder.addEventListener('dataavailable', (event: BlobEvent) => {
      if (event.data.size > 0) session.chunks.push(event.data);
    });
    recorder.addEventListener('error', (event: Event) => {
      if (mine !== attempt.current) return;
      release(session);
      setProblem(microphoneProblemOf((event as ErrorEvent).error));
      setPhase('failed');
    });
    recorder.addEventListener('stop', () => {
      release(session);
      if (mine !== attempt.current) return;
      if (session.chunks.length === 0) {
        setProblem('failed');
        setPhase('failed');
        return;
      }
      const type = recorder.mimeType || mimeType || session.chunks[0]!.type || 'audio/webm';
      const blob = new Blob(session.chunks, { type });
      setRecording({
        blob,
        mimeType: type,
        durationMs: session.durationMs,
        url: URL.createObjectURL(blob),
        levels: session.levels,
        stoppedAtLimit: session.stoppedAtLimit,
      });
      setPhase('preview');
    });
    // The microphone went away (unplugged, taken by a call): keep what was recorded.
    stream.getAudioTracks()[0]?.addEventListener('ended', () => stop());

    // A timeslice flushes data every second, so a recorder that dies mid-way still leaves some.
    recorder.start(1000);
    session.startedAt = Date.now();
    setElapsedMs(0);
    setLiveLevels([]);
    setPhase('recording');
    const samples = new Uint8Array(session.analyser?.fftSize ?? 0);
    session.timers.push(
      setInterval(() => {
        const elapsed = Date.now() - session.startedAt;
        if (session.analyser) session.levels.push(loudness(session.analyser, samples));
        setElapsedMs(Math.min(elapsed, maxMs));
        setLiveLevels(session.levels.slice(-LIVE_BARS));
        if (elapsed >= maxMs) stop(true);
      }, TICK_MS),
    );
  }, [maxMs, release, stop]);

  // Leaving the screen ends the recording and frees the microphone; the preview's URL goes too.
  useEffect(() => () => cancel(), [cancel]);
  useEffect(() => {
    if (!recording) return;
    return () => URL.revokeObjectURL(recording.url);
  }, [recording]);

  const remainingMs = Math.max(maxMs - elapsedMs, 0);
  return {
    phase,
    elapsedMs,
    remainingMs,
    warning: phase === 'recording' && remainingMs <= WARNING_SECONDS * 1000,
    liveLevels,
    recording,
    problem,
    start,
    stop,
    cancel,
    discard,
  };
}

/** A Web Audio analyser on the stream, for the live waveform; none where Web Audio is missing. */
function listenTo(stream: MediaStream): Pick<Live, 'context' | 'analyser'> {
  if (typeof AudioContext === 'undefined') return { context: null, analyser: null };
  try {
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    // About one tick of sound (85 ms at 48 kHz): each bar hears its whole tick, so a short
    // sound between two readings still shows.
    analyser.fftSize = 4096;
    context.createMediaStreamSource(stream).connect(analyser);
    // Created after awaiting the microphone, the tap's activation may have lapsed and the
    // context start suspended: a flat live waveform. The permission grant lets it resume.
    if (context.state === 'suspended') void context.resume().catch(() => {});
    return { context, analyser };
  } catch {
    return { context: null, analyser: null };
  }
}

/** RMS of the latest samples, scaled so that speech fills most of a bar (0–1). */
function loudness(analyser: AnalyserNode, samples: Uint8Array<ArrayBuffer>): number {
  analyser.getByteTimeDomainData(samples);
  let sum = 0;
  for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
  return Math.min(1, Math.sqrt(sum / (samples.length || 1)) * 4);
}
