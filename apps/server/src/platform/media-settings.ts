import { join } from 'node:path';
import { z } from 'zod';
import { DATA_DIR_FILES } from './data-dir-files.js';
import type { S3Settings } from './s3-storage.js';

const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** The environment variables of media storage and processing (part of config.ts's schema). */
export const mediaEnv = {
  S3_ENDPOINT: optional.refine((v) => !v || /^https?:\/\//.test(v), {
    message: 'must start with http:// or https://',
  }),
  S3_BUCKET: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  FFMPEG_PATH: z.string().trim().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().trim().min(1).default('ffprobe'),
  MEDIA_WAITING_MB_PER_PERSON: z.coerce.number().int().min(1).default(250),
  MEDIA_WAITING_MB_TOTAL: z.coerce.number().int().min(1).default(10_240),
  MEDIA_MIN_FREE_MB: z.coerce.number().int().min(0).default(1024),
};

const MB = 1024 * 1024;

type MediaEnv = { [K in keyof typeof mediaEnv]: z.output<(typeof mediaEnv)[K]> };

const S3_REQUIRED = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/** S3 is all or nothing: one of its variables without the others is a mistake worth stopping for. */
export function checkS3Env(e: MediaEnv, ctx: z.RefinementCtx): void {
  const set = S3_REQUIRED.filter((name) => e[name]);
  if (set.length === 0 || set.length === S3_REQUIRED.length) return;
  for (const name of S3_REQUIRED.filter((n) => !e[n])) {
    ctx.addIssue({
      code: 'custom',
      path: [name],
      message: `must be set too when ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'}`,
    });
  }
}

export type MediaSettings = {
  /** Local storage (when there is no S3): DATA_DIR/media. */
  dir: string;
  /** Files being checked or transcoded, and resumable uploads in progress. */
  tempDir: string;
  resumableDir: string;
  s3: S3Settings | undefined;
  ffmpegPath: string;
  ffprobePath: string;
  /** How much may wait on the disk for a use (see UploadRoom in media.service.ts). */
  room: UploadRoom;
};

/**
 * Uploads wait on the server's disk until something uses them (or the cleanup job removes them):
 * files nothing is attached to yet, and resumable uploads by their declared size. Bounded per
 * person and in all, and refused while the disk holding DATA_DIR has less than `minFreeBytes`
 * free: the embedded database lives on the same disk.
 */
export type UploadRoom = { perPersonBytes: number; totalBytes: number; minFreeBytes: number };

export function mediaSettings(e: MediaEnv, dataDir: string): MediaSettings {
  return {
    dir: join(dataDir, DATA_DIR_FILES.media),
    tempDir: join(dataDir, 'media-tmp'),
    resumableDir: join(dataDir, 'media-uploads'),
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    room: {
      perPersonBytes: e.MEDIA_WAITING_MB_PER_PERSON * MB,
      totalBytes: e.MEDIA_WAITING_MB_TOTAL * MB,
      minFreeBytes: e.MEDIA_MIN_FREE_MB * MB,
    },
  };
}
