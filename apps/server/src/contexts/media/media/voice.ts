import { WAVEFORM_PEAKS } from '@doers/contract';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { HttpError } from '../../../platform/errors.js';
import { inputArgs, run, unreadable, type Container, type FfmpegPaths } from './ffmpeg.js';

/** Recorders stop a moment after their limit: this much over it is still taken. */
export const VOICE_GRACE_MS = 500;
export const VOICE_MIN_MS = 500;

export type Voice = { path: string; size: number; durationMs: number; waveform: number[] };

const PEAK_RATE = 8000;
// 10 ms windows: fine enough for WAVEFORM_PEAKS bars of a half-second note.
const WINDOW = PEAK_RATE / 100;

/**
 * Transcodes a voice note to AAC in MP4 with the index up front (+faststart): it plays and
 * seeks in every browser, Safari included, whatever the recorder made (a MediaRecorder WebM has
 * no duration and cannot be seeked). Only `limitSeconds` and a second are transcoded: a longer
 * file is refused without more work. The same ffmpeg also writes the decoded sound as 8 kHz PCM
 * to its stdout, a second output: the duration and the waveform are read from it as it comes,
 * which saves starting another ffmpeg to decode the result (loading ffmpeg is most of the cost
 * of a short note).
 */
export async function transcodeVoice(
  paths: FfmpegPaths,
  input: string,
  container: Container,
  workDir: string,
  limitSeconds: number,
  signal?: AbortSignal,
): Promise<Voice> {
  const output = join(workDir, 'voice.m4a');
  const cut = ['-t', String(limitSeconds + 1)];
  const pcm = pcmReader();
  try {
    await run(
      paths.ffmpeg,
      [
        ...['-nostdin', '-v', 'error', '-y', ...inputArgs(container, input)],
        ...['-map', '0:a:0', '-vn', '-sn', '-dn', '-map_metadata', '-1', '-map_chapters', '-1'],
        ...cut,
        // Mono at 24 kHz (speech needs no more) with the fast AAC coder: a 120 s note takes
        // about half a second of CPU, against a second and a half at 48 kHz with the default.
        ...['-ac', '1', '-ar', '24000', '-c:a', 'aac', '-aac_coder', 'fast', '-b:a', '48k'],
        ...['-movflags', '+faststart', '-f', 'mp4', output],
        // Output options apply to one output each: the PCM is cut where the AAC is.
        ...['-map', '0:a:0', ...cut, '-ac', '1', '-ar', String(PEAK_RATE)],
        ...['-c:a', 'pcm_s16le', '-f', 's16le', 'pipe:1'],
      ],
      {
        timeoutMs: 60_000 + limitSeconds * 250,
        onStdout: pcm.read,
        ...(signal ? { signal } : {}),
      },
    );
  } catch (error) {
    throw unreadable('voice note', error);
  }
  const { waveform, durationMs } = pcm.result();
  if (durationMs > limitSeconds * 1000 + VOICE_GRACE_MS) {
    throw new HttpError(422, `Voice notes can be at most ${limitSeconds} seconds`);
  }
  if (durationMs < VOICE_MIN_MS) {
    throw new HttpError(422, 'Voice notes must last at least half a second');
  }
  const { size } = await stat(output);
  return { path: output, size, durationMs, waveform };
}

/**
 * Reads mono s16le PCM at PEAK_RATE as it comes, in chunks of any length. Its duration is the
 * samples it holds: the input's sound as `-t` cut it, which the stored AAC's own duration
 * matches within a few ms (decoding that AAC back would also count the silence its encoder pads
 * the last frame with). Its waveform is WAVEFORM_PEAKS peaks, 0–1: the loudest sample of each
 * stretch, scaled so that the loudest stretch reaches 1 (a quiet recording still shows its shape).
 */
function pcmReader(): {
  read: (chunk: Buffer) => void;
  result: () => { waveform: number[]; durationMs: number };
} {
  let samples = 0;
  const windows: number[] = [];
  let windowMax = 0;
  let inWindow = 0;
  let carry: Buffer | null = null;
  return {
    read(chunk) {
      let data = carry ? Buffer.concat([carry, chunk]) : chunk;
      carry = null;
      if (data.length % 2 === 1) {
        carry = data.subarray(data.length - 1);
        data = data.subarray(0, data.length - 1);
      }
      samples += data.length / 2;
      for (let i = 0; i < data.length; i += 2) {
        const sample = Math.abs(data.readInt16LE(i));
        if (sample > windowMax) windowMax = sample;
        if (++inWindow === WINDOW) {
          windows.push(windowMax);
          windowMax = 0;
          inWindow = 0;
        }
      }
    },
    result() {
      // The last stretch, once: asking twice gives the same answer.
      if (inWindow > 0) windows.push(windowMax);
      inWindow = 0;
      const peaks: number[] = [];
      for (let bar = 0; bar < WAVEFORM_PEAKS; bar++) {
        const from = Math.floor((bar * windows.length) / WAVEFORM_PEAKS);
        const to = Math.max(from + 1, Math.floor(((bar + 1) * windows.length) / WAVEFORM_PEAKS));
        let max = 0;
        for (let i = from; i < to && i < windows.length; i++) max = Math.max(max, windows[i]!);
        peaks.push(max);
      }
      const loudest = Math.max(...peaks);
      // Near silence stays near zero rather than blown up to full bars.
      const scale = loudest > 32768 * 0.01 ? loudest : 32768;
      return {
        waveform: peaks.map((p) => Math.round((p / scale) * 1000) / 1000),
        durationMs: Math.round((samples * 1000) / PEAK_RATE),
      };
    },
  };
}
