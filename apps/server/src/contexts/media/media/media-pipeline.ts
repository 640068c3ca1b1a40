import {
  MEDIA_LIMITS,
  MEDIA_PURPOSE_KINDS,
  VOICE_SECONDS_FIXED,
  type Media,
  type MediaKind,
  type MediaPurpose,
} from '@doers/contract';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../platform/clock.js';
import { badRequest, HttpError } from '../../../platform/errors.js';
import type { ObjectStorage } from '../../../platform/object-storage.js';
import { audioStreams, checkFfmpeg, probe, videoStreams, type FfmpegPaths } from './ffmpeg.js';
import type { MediaRepository, MediaRow } from './media.repository.js';
import { keysOf } from './media-serving.js';
import { reencodePhoto } from './photo.js';
import { sniff } from './sniff.js';
import { checkKind, checkSize, unsupportedMessage } from './upload-rules.js';
import { prepareVideo } from './video.js';
import { transcodeVoice } from './voice.js';

// The heavy part of an upload: from checked bytes to stored, recorded media. Kept apart from the
// service so the ffmpeg/sharp work, its queue and its work folders live in one place.

/** A person's own voice limits (users sits above media, so app.ts hands this in). */
export type VoiceLimitsOf = (
  userId: string,
) => Promise<{ postDuration: number; dmDuration: number }>;

/** Deletes stored objects; a failure is logged, not thrown (the row is already gone). */
export async function deleteObjects(
  storage: ObjectStorage,
  log: FastifyBaseLogger,
  keys: string[],
): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      storage.delete(key).catch((error: unknown) => {
        log.error({ err: error, key }, 'could not delete a stored media object');
      }),
    ),
  );
}

export class MediaPipeline {
  #ffmpegProblem: string | null = 'not checked yet';
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(
    private readonly deps: {
      media: MediaRepository;
      storage: ObjectStorage;
      clock: Clock;
      ffmpeg: FfmpegPaths;
      tempDir: string;
      voiceLimits: VoiceLimitsOf;
      log: FastifyBaseLogger;
      /** How a stored row is answered (signed URLs are the serving side's business). */
      present: (row: MediaRow) => Media;
      concurrency?: number | undefined;
    },
  ) {}

  /** Checks for ffmpeg and removes work folders a crash left behind (older than an hour). */
  async start(): Promise<void> {
    await mkdir(this.deps.tempDir, { recursive: true });
    const before = this.deps.clock.now().getTime() - 60 * 60_000;
    for (const name of await readdir(this.deps.tempDir)) {
      const path = join(this.deps.tempDir, name);
      const info = await stat(path).catch(() => null);
      if (info && info.mtimeMs < before) await rm(path, { recursive: true, force: true });
    }
    this.#ffmpegProblem = await checkFfmpeg(this.deps.ffmpeg);
    if (this.#ffmpegProblem) {
      this.deps.log.error(
        `Voice and video uploads are off: ${this.#ffmpegProblem}. Photos still work.`,
      );
    }
  }

  /** Null when voice and video can be processed; else why not. */
  get ffmpegProblem(): string | null {
    return this.#ffmpegProblem;
  }

  /** Uploads being processed now, and those waiting for a turn (the metrics read it). */
  get queue(): { processing: number; waiting: number } {
    return { processing: this.#running, waiting: this.#waiting.length };
  }

  /** A private folder for one upload's files; removed whatever happens. */
  async withWorkDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
    const dir = await mkdtemp(join(this.deps.tempDir, 'job-'));
    try {
      return await fn(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * Checks, processes and stores the uploaded file at `input` (inside `workDir`, a folder from
   * withWorkDir). A refusal is an HttpError naming the rule, and leaves nothing stored.
   */
  async accept(
    ownerId: string,
    purpose: MediaPurpose,
    input: string,
    workDir: string,
  ): Promise<Media> {
    const { size } = await stat(input);
    if (size === 0) throw badRequest('The file is empty');
    const sniffed = await sniff(input);
    if (!sniffed) throw new HttpError(415, unsupportedMessage(purpose));

    if (sniffed.family === 'image') {
      checkKind(purpose, 'photo');
      checkSize('photo', size);
      return this.#processing(async () => {
        const photo = await reencodePhoto(input, sniffed.format, workDir, purpose === 'avatar');
        return this.#store(
          { ownerId, purpose, kind: 'photo', contentType: photo.contentType },
          { path: photo.path, size: photo.size },
          { path: photo.thumbnail.path, size: photo.thumbnail.size, type: photo.contentType },
          { width: photo.width, height: photo.height },
        );
      });
    }

    if (this.#ffmpegProblem) {
      throw new HttpError(503, 'Voice notes and videos cannot be processed on this server now');
    }
    const container = sniffed.container;
    return this.#processing(async () => {
      // A voice note, the common case, starts transcoding while ffprobe reads the file, which
      // saves the probe's time; when the file turns out to be something else, it is killed.
      const mayBeVoice =
        MEDIA_PURPOSE_KINDS[purpose].includes('voice') && size <= MEDIA_LIMITS.voiceBytes;
      const limit = mayBeVoice ? await this.voiceLimitSeconds(ownerId, purpose) : 0;
      const abort = new AbortController();
      const early = mayBeVoice
        ? transcodeVoice(this.deps.ffmpeg, input, container, workDir, limit, abort.signal)
        : null;
      const settled = early?.then(
        () => undefined,
        () => undefined,
      );
      try {
        const probed = await probe(this.deps.ffmpeg, input, container);
        if (!probed) {
          throw new HttpError(422, 'This file could not be read: it is damaged or incomplete');
        }
        if (videoStreams(probed).length > 0) {
          abort.abort();
          checkKind(purpose, 'video');
          if (container === 'ogg') throw new HttpError(415, 'Videos must be MP4, WebM or MOV');
          checkSize('video', size);
          await settled;
          const video = await prepareVideo(this.deps.ffmpeg, input, container, workDir);
          return await this.#store(
            { ownerId, purpose, kind: 'video', contentType: video.contentType },
            { path: video.path, size: video.size },
            { path: video.poster.path, size: video.poster.size, type: 'image/jpeg' },
            { width: video.width, height: video.height, durationMs: video.durationMs },
          );
        }
        if (audioStreams(probed).length === 0) {
          throw new HttpError(422, 'This file holds no sound to play');
        }
        checkKind(purpose, 'voice');
        checkSize('voice', size);
        const voice = await (early ??
          transcodeVoice(this.deps.ffmpeg, input, container, workDir, limit));
        return await this.#store(
          { ownerId, purpose, kind: 'voice', contentType: 'audio/mp4' },
          { path: voice.path, size: voice.size },
          null,
          { durationMs: voice.durationMs, waveform: voice.waveform },
        );
      } finally {
        // Nothing may still be writing into the work folder once it is removed.
        abort.abort();
        await settled;
      }
    });
  }

  /** Seconds a voice note for `purpose` may last: the person's own limits for posts and DMs. */
  async voiceLimitSeconds(ownerId: string, purpose: MediaPurpose): Promise<number> {
    if (purpose === 'comment' || purpose === 'voice-intro' || purpose === 'report')
      return VOICE_SECONDS_FIXED[purpose];
    const limits = await this.deps.voiceLimits(ownerId);
    const seconds = purpose === 'dm' ? limits.dmDuration : limits.postDuration;
    if (seconds <= 0) throw new HttpError(403, 'Voice messages are not available on your plan');
    return seconds;
  }

  /** Stores every object of an upload, then records it; on any failure removes what was stored. */
  async #store(
    what: { ownerId: string; purpose: MediaPurpose; kind: MediaKind; contentType: string },
    main: { path: string; size: number },
    variant: { path: string; size: number; type: string } | null,
    facts: {
      durationMs?: number;
      waveform?: number[];
      width?: number | null;
      height?: number | null;
    },
  ): Promise<Media> {
    const id = randomUUID();
    const keys = keysOf({ id, kind: what.kind });
    try {
      await this.deps.storage.put(id, main.path, what.contentType);
      if (variant) await this.deps.storage.put(keys[1]!, variant.path, variant.type);
      const row = await this.deps.media.insert({
        id,
        owner_id: what.ownerId,
        kind: what.kind,
        purpose: what.purpose,
        content_type: what.contentType,
        size_bytes: main.size,
        duration_ms: facts.durationMs ?? null,
        waveform: facts.waveform ?? null,
        width: facts.width ?? null,
        height: facts.height ?? null,
        variant_type: variant?.type ?? null,
        variant_size: variant?.size ?? null,
        created_at: this.deps.clock.now(),
      });
      return this.deps.present(row);
    } catch (error) {
      await deleteObjects(this.deps.storage, this.deps.log, keys);
      throw error;
    }
  }

  /** Runs heavy work a few at a time. */
  async #processing<T>(fn: () => Promise<T>): Promise<T> {
    const max = this.deps.concurrency ?? 2;
    while (this.#running >= max) await new Promise<void>((go) => this.#waiting.push(go));
    this.#running += 1;
    try {
      return await fn();
    } finally {
      this.#running -= 1;
      this.#waiting.shift()?.();
    }
  }
}
