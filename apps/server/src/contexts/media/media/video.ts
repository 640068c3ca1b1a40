import { MEDIA_LIMITS } from '@doers/contract';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { HttpError } from '../../../platform/errors.js';
import {
  durationMsOf,
  inputArgs,
  probe,
  run,
  unreadable,
  videoStreams,
  type FfmpegPaths,
  type ProbedStream,
} from './ffmpeg.js';

const GRACE_MS = 500;

export type Video = {
  path: string;
  contentType: 'video/mp4' | 'video/webm';
  size: number;
  durationMs: number;
  width: number | null;
  height: number | null;
  poster: { path: string; size: number };
};

/**
 * A video is served as it was encoded, but copied into a fresh container first (no re-encoding):
 * the copy drops the original's metadata (a phone's MOV carries where it was filmed), keeps one
 * video and one audio stream, gets a real duration (a MediaRecorder WebM has none) and, for MP4,
 * its index up front. MOV becomes MP4, which browsers play. Then the duration is checked and the
 * first frame becomes a JPEG poster.
 */
export async function prepareVideo(
  paths: FfmpegPaths,
  input: string,
  container: 'webm' | 'mp4' | 'mov',
  workDir: string,
): Promise<Video> {
  const webm = container === 'webm';
  const output = join(workDir, webm ? 'video.webm' : 'video.mp4');
  const limit = MEDIA_LIMITS.videoSeconds;
  try {
    await run(
      paths.ffmpeg,
      [
        ...['-nostdin', '-v', 'error', '-y', ...inputArgs(container, input)],
        ...['-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', '-sn', '-dn'],
        ...['-map_metadata', '-1', '-map_chapters', '-1', '-t', String(limit + 1)],
        ...(webm ? ['-f', 'webm'] : ['-movflags', '+faststart', '-f', 'mp4']),
        output,
      ],
      { timeoutMs: 60_000 },
    );
  } catch (error) {
    throw unreadable('video', error);
  }
  const probed = await probe(paths, output, webm ? 'webm' : 'mp4');
  const durationMs = probed ? durationMsOf(probed) : null;
  const stream = probed ? videoStreams(probed)[0] : undefined;
  if (durationMs === null || !stream) throw unreadable('video', null);
  if (durationMs > limit * 1000 + GRACE_MS) {
    throw new HttpError(422, `Videos can be at most ${limit} seconds`);
  }

  const poster = join(workDir, 'poster.jpg');
  try {
    // ffmpeg turns the frame upright by the stream's rotation; the JPEG carries no metadata.
    await run(
      paths.ffmpeg,
      [
        ...['-nostdin', '-v', 'error', '-y', ...inputArgs(webm ? 'webm' : 'mp4', output)],
        ...['-map', '0:v:0', '-frames:v', '1'],
        ...['-vf', `scale='min(${MEDIA_LIMITS.photoMaxSide},iw)':-2`, '-map_metadata', '-1'],
        ...['-c:v', 'mjpeg', '-q:v', '4', '-f', 'image2', poster],
      ],
      { timeoutMs: 30_000 },
    );
  } catch (error) {
    throw unreadable('video', error);
  }
  const [{ size }, posterStat] = await Promise.all([stat(output), stat(poster)]);
  const { width, height } = displayedSize(stream);
  return {
    path: output,
    contentType: webm ? 'video/webm' : 'video/mp4',
    size,
    durationMs,
    width,
    height,
    poster: { path: poster, size: posterStat.size },
  };
}

/** Width and height as shown: a phone's portrait video is stored landscape with a rotation. */
function displayedSize(s: ProbedStream): { width: number | null; height: number | null } {
  const rotation = Math.abs(
    Number(s.side_data_list?.find((d) => d.rotation)?.rotation ?? s.tags?.rotate ?? 0),
  );
  const turned = rotation % 180 === 90;
  const width = s.width ?? null;
  const height = s.height ?? null;
  return turned ? { width: height, height: width } : { width, height };
}
