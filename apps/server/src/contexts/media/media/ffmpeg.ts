import { spawn } from 'node:child_process';
import { HttpError } from '../../../platform/errors.js';

/** Where the binaries are (FFMPEG_PATH, FFPROBE_PATH): Debian's ffmpeg package by default. */
export type FfmpegPaths = { ffmpeg: string; ffprobe: string };

export class ProcessFailed extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
  }
}

/**
 * Runs a binary with arguments, never through a shell, killed after `timeoutMs`. Resolves with
 * its output when it exits with 0; `onStdout` takes the output as it comes instead of keeping it.
 */
export function run(
  binary: string,
  args: string[],
  options: {
    timeoutMs: number;
    onStdout?: (chunk: Buffer) => void;
    maxStdout?: number;
    /** Kills the process: its work is no longer wanted. */
    signal?: AbortSignal;
  },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    const abort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', abort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      if (options.onStdout) return options.onStdout(chunk);
      outBytes += chunk.length;
      if (outBytes > (options.maxStdout ?? 1024 * 1024)) child.kill('SIGKILL');
      else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.length < 4000) err += chunk.toString('utf8');
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new ProcessFailed(`${binary}: ${error.message}`, false));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
      if (code === 0 && !timedOut) return resolve(Buffer.concat(out));
      const why = timedOut ? `took longer than ${options.timeoutMs} ms` : `exited with ${code}`;
      reject(new ProcessFailed(`${binary} ${why}: ${err.trim().slice(0, 500)}`, timedOut));
    });
  });
}

export type ProbedStream = {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  disposition?: { attached_pic?: number };
  side_data_list?: { rotation?: number }[];
  tags?: { rotate?: string };
};
export type Probe = {
  streams: ProbedStream[];
  format: { format_name?: string; duration?: string };
};

/** The containers an upload may be in, as sniff.ts names them from its bytes. */
export type Container = 'webm' | 'mp4' | 'mov' | 'ogg';

// ffmpeg's demuxer for each: `matroska` reads WebM, `mov` reads MP4, M4A and QuickTime.
const DEMUXERS: Record<Container, string> = {
  webm: 'matroska',
  mp4: 'mov',
  mov: 'mov',
  ogg: 'ogg',
};

/**
 * How ffmpeg and ffprobe open a file: with the demuxer of the type its bytes were sniffed as,
 * never by guessing (a crafted file could be guessed as a playlist or a DASH manifest, whose
 * demuxers fetch other files and URLs), and reading from the local file alone.
 */
export function inputArgs(container: Container, file: string): string[] {
  return ['-protocol_whitelist', 'file', '-f', DEMUXERS[container], '-i', `file:${file}`];
}

/** What ffprobe reads of a file's container and streams; null when it cannot read it. */
export async function probe(
  paths: FfmpegPaths,
  file: string,
  container: Container,
): Promise<Probe | null> {
  try {
    const out = await run(
      paths.ffprobe,
      [
        ...['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams'],
        ...inputArgs(container, file),
      ],
      { timeoutMs: 15_000 },
    );
    const parsed = JSON.parse(out.toString('utf8')) as Partial<Probe>;
    return { streams: parsed.streams ?? [], format: parsed.format ?? {} };
  } catch {
    return null;
  }
}

export function durationMsOf(p: Probe): number | null {
  const seconds = Number(p.format.duration);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 1000) : null;
}

/** Video streams that are pictures of the footage, not a cover image attached to audio. */
export function videoStreams(p: Probe): ProbedStream[] {
  return p.streams.filter((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
}

export function audioStreams(p: Probe): ProbedStream[] {
  return p.streams.filter((s) => s.codec_type === 'audio');
}

/** Whether both binaries answer; the reason when not (logged at start, answered on upload). */
export async function checkFfmpeg(paths: FfmpegPaths): Promise<string | null> {
  for (const binary of [paths.ffmpeg, paths.ffprobe]) {
    try {
      await run(binary, ['-version'], { timeoutMs: 10_000 });
    } catch (error) {
      return `${binary} is not usable (${(error as Error).message}); install Debian's ffmpeg package or set FFMPEG_PATH and FFPROBE_PATH`;
    }
  }
  return null;
}

/** A processing step that failed or ran out of time: the file is refused, the reason logged. */
export function unreadable(what: string, error: unknown): HttpError {
  const timedOut = error instanceof ProcessFailed && error.timedOut;
  return new HttpError(
    422,
    timedOut
      ? `This ${what} took too long to process; try a shorter or smaller file`
      : `This ${what} could not be read: the file is damaged or incomplete`,
  );
}
