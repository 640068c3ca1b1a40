import {
  MEDIA_LIMITS,
  MEDIA_PURPOSE_KINDS,
  VOICE_SECONDS_FIXED,
  type Media,
  type MediaKind,
  type MediaPurpose,
} from '@doers/contract';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/database.js';
import type { Clock } from '../../platform/clock.js';
import { badRequest, HttpError, notFound } from '../../platform/errors.js';
import type { ObjectStorage } from '../../platform/object-storage.js';
import { audioStreams, checkFfmpeg, probe, videoStreams, type FfmpegPaths } from './ffmpeg.js';
import { MediaAccess, type UrlSigner } from './media-access.js';
import type { MediaRepository, MediaRow, StoredKeys } from './media.repository.js';
import { reencodePhoto } from './photo.js';
import { sniff } from './sniff.js';
import { prepareVideo } from './video.js';
import { transcodeVoice } from './voice.js';

/** A person's own voice limits (users sits above media, so app.ts hands this in). */
export type VoiceLimitsOf = (
  userId: string,
) => Promise<{ postDuration: number; dmDuration: number }>;

export type Variant = 'thumbnail' | 'poster';

/** What serving a file needs: its key, type and size, and how it may be cached. */
export type ServedFile = {
  key: string;
  etag: string;
  contentType: string;
  size: number;
  fileName: string;
  isPublic: boolean;
};

const MB = 1024 * 1024;
const DAY_MS = 86_400_000;
/** How long an upload that nothing uses is kept (a post being written, a re-recorded note). */
export const UNATTACHED_TTL_MS = DAY_MS;

// Never served as anything else, whatever a row says: no HTML, no SVG, no script.
const SERVABLE = new Set(['audio/mp4', 'image/jpeg', 'image/webp', 'video/mp4', 'video/webm']);

const EXTENSIONS: Record<string, string> = {
  'audio/mp4': 'm4a',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};

const KIND_ONLY: Record<Exclude<MediaPurpose, 'post'>, string> = {
  comment: 'Comments take voice notes only',
  dm: 'Messages take voice notes only',
  'voice-intro': 'A voice intro must be a voice note',
  avatar: 'A profile picture must be a photo',
};

/** Where a public file is served: a stable URL without a signature. */
export const publicMediaUrl = (id: string): string => `/api/media/${id}`;

export const variantOf = (kind: MediaKind): Variant | null =>
  kind === 'photo' ? 'thumbnail' : kind === 'video' ? 'poster' : null;

const keysOf = (m: StoredKeys): string[] => {
  const variant = variantOf(m.kind);
  return variant ? [m.id, `${m.id}.${variant}`] : [m.id];
};

/**
 * The media pipeline (docs/product/media.md): checks an uploaded file by its bytes, transcodes a
 * voice note, re-encodes a photo, re-wraps a video, stores the results and records them; serves
 * them to whoever may see them; removes uploads nothing came to use.
 */
export class MediaService {
  /** Modules above register who may see what is attached to their things. */
  readonly access = new MediaAccess();
  #ffmpegProblem: string | null = 'not checked yet';
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(
    private readonly deps: {
      media: MediaRepository;
      storage: ObjectStorage;
      signer: UrlSigner;
      clock: Clock;
      ffmpeg: FfmpegPaths;
      tempDir: string;
      resumableDir: string;
      voiceLimits: VoiceLimitsOf;
      log: FastifyBaseLogger;
      /** Files processed at once; more wait their turn (ffmpeg and sharp use whole cores). */
      concurrency?: number;
    },
  ) {}

  /**
   * Checks for ffmpeg and removes work folders a crash left behind (older than an hour: with
   * PostgreSQL, several instances may share DATA_DIR and be busy in theirs); logs what is wrong.
   */
  async start(): Promise<void> {
    await mkdir(this.deps.tempDir, { recursive: true });
    await mkdir(this.deps.resumableDir, { recursive: true });
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

  /** The largest file `purpose` takes, for cutting an upload off early. */
  maxBytesFor(purpose: MediaPurpose): { bytes: number; message: string } {
    const kinds = MEDIA_PURPOSE_KINDS[purpose];
    const bytes = Math.max(...kinds.map((k) => maxBytesOf(k)));
    return {
      bytes,
      message:
        kinds.length === 1
          ? tooLargeMessage(kinds[0]!)
          : `Files can be at most ${bytes / MB} MB (${kinds.map(sizeRule).join(', ')})`,
    };
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
      this.checkKind(purpose, 'photo');
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
        ? transcodeVoice(this.deps.ffmpeg, input, workDir, limit, abort.signal)
        : null;
      const settled = early?.then(
        () => undefined,
        () => undefined,
      );
      try {
        const probed = await probe(this.deps.ffmpeg, input);
        if (!probed) {
          throw new HttpError(422, 'This file could not be read: it is damaged or incomplete');
        }
        if (videoStreams(probed).length > 0) {
          abort.abort();
          this.checkKind(purpose, 'video');
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
        this.checkKind(purpose, 'voice');
        checkSize('voice', size);
        const voice = await (early ?? transcodeVoice(this.deps.ffmpeg, input, workDir, limit));
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

  private checkKind(purpose: MediaPurpose, kind: MediaKind): void {
    if (MEDIA_PURPOSE_KINDS[purpose].includes(kind)) return;
    throw new HttpError(415, KIND_ONLY[purpose as Exclude<MediaPurpose, 'post'>]);
  }

  /** Seconds a voice note for `purpose` may last: the person's own limits for posts and DMs. */
  async voiceLimitSeconds(ownerId: string, purpose: MediaPurpose): Promise<number> {
    if (purpose === 'comment' || purpose === 'voice-intro') return VOICE_SECONDS_FIXED[purpose];
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
      return this.present(row);
    } catch (error) {
      await this.#deleteObjects(keys);
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

  /** The Media object as the API answers it; private files get signed URLs. */
  present(row: MediaRow): Media {
    const signed = row.is_public ? null : this.deps.signer.sign(row.id, this.deps.clock.now());
    const query = signed ? `?exp=${signed.exp}&sig=${signed.sig}` : '';
    const variant = variantOf(row.kind);
    const variantUrl =
      row.variant_type && variant ? `/api/media/${row.id}/${variant}${query}` : null;
    return {
      id: row.id,
      kind: row.kind,
      purpose: row.purpose,
      contentType: row.content_type,
      url: `/api/media/${row.id}${query}`,
      thumbnailUrl: variant === 'thumbnail' ? variantUrl : null,
      posterUrl: variant === 'poster' ? variantUrl : null,
      size: Number(row.size_bytes),
      durationMs: row.duration_ms,
      waveform: row.waveform,
      width: row.width,
      height: row.height,
      createdAt: row.created_at.toISOString(),
    };
  }

  /**
   * The file behind `GET /api/media/:id[/variant]`, when the viewer may see it: a public file, a
   * valid signed URL, or a signed-in viewer the access rules let in. Anything else is "not found",
   * so that a private file's existence is not given away.
   */
  async file(
    id: string,
    variant: Variant | null,
    viewer: { userId: string | null; exp?: number | undefined; sig?: string | undefined },
  ): Promise<ServedFile> {
    const row = await this.deps.media.find(id);
    if (!row) throw notFound('Media not found');
    const allowed =
      row.is_public ||
      this.deps.signer.verify(row.id, viewer.exp, viewer.sig, this.deps.clock.now()) ||
      (await this.access.mayView(viewer.userId, {
        ownerId: row.owner_id,
        isPublic: row.is_public,
        attachedType: row.attached_type,
        attachedId: row.attached_id,
      }));
    if (!allowed) throw notFound('Media not found');
    if (variant && (variant !== variantOf(row.kind) || !row.variant_type)) {
      throw notFound('Media not found');
    }
    const contentType = variant ? row.variant_type! : row.content_type;
    if (!SERVABLE.has(contentType)) throw notFound('Media not found');
    const key = variant ? `${row.id}.${variant}` : row.id;
    return {
      key,
      etag: `"${key}"`,
      contentType,
      size: Number(variant ? row.variant_size : row.size_bytes),
      fileName: `${key.replace('.', '-')}.${EXTENSIONS[contentType]}`,
      isPublic: row.is_public,
    };
  }

  openFile(key: string, range?: { start: number; end: number }) {
    return this.deps.storage.get(key, range);
  }

  /** A resumable upload begins: it is `ownerId`'s alone (tus calls this before storing). */
  registerResumable(id: string, ownerId: string): Promise<void> {
    return this.deps.media.insertUpload(id, ownerId, this.deps.clock.now());
  }

  ownsResumable(id: string, ownerId: string): Promise<boolean> {
    return this.deps.media.uploadOwnedBy(id, ownerId);
  }

  /** A cancelled resumable upload (tus DELETE removed its files). */
  forgetResumable(id: string): Promise<void> {
    return this.deps.media.deleteUpload(id);
  }

  /**
   * A resumable upload that has all its bytes goes through `accept`; its files go either way.
   * Finishing one twice, or someone else's, is "not found".
   */
  async finishResumable(ownerId: string, id: string, purpose: MediaPurpose): Promise<Media> {
    if (!(await this.deps.media.uploadOwnedBy(id, ownerId))) throw notFound('Upload not found');
    const file = join(this.deps.resumableDir, id);
    const [received, expected] = await Promise.all([
      stat(file).then((s) => s.size),
      readFile(`${file}.json`, 'utf8').then((text) => (JSON.parse(text) as { size?: number }).size),
    ]).catch(() => {
      throw notFound('Upload not found');
    });
    if (expected === undefined || received !== expected) {
      throw new HttpError(
        409,
        `The upload is not complete: ${received} of ${expected ?? '?'} bytes have arrived`,
      );
    }
    if (!(await this.deps.media.claimUpload(id, ownerId))) throw notFound('Upload not found');
    try {
      return await this.withWorkDir((dir) => this.accept(ownerId, purpose, file, dir));
    } finally {
      await this.removeResumableFiles(id);
    }
  }

  /** Its owner removes an upload nothing uses. */
  async remove(ownerId: string, id: string): Promise<void> {
    const removed = await this.deps.media.deleteUnattached(id, ownerId);
    if (!removed) {
      const row = await this.deps.media.find(id);
      if (row && row.owner_id === ownerId) {
        throw new HttpError(409, 'This file is in use; delete what uses it instead');
      }
      throw notFound('Media not found');
    }
    await this.#deleteObjects(keysOf(removed));
  }

  /**
   * Attaches an upload of `ownerId` to something (a post, a message, the profile), in the
   * caller's transaction: from then on the cleanup job keeps it and the access rule of `type`
   * (or `isPublic`) says who sees it. Refused when it is not theirs, is used by something else,
   * or was uploaded for another purpose.
   */
  async attach(
    tx: Queryable,
    a: {
      mediaId: string;
      ownerId: string;
      type: string;
      attachedId: string;
      isPublic: boolean;
      purpose: MediaPurpose;
      kinds?: readonly MediaKind[];
    },
  ): Promise<Media> {
    const current = await this.deps.media.find(a.mediaId, tx);
    if (!current || current.owner_id !== a.ownerId) {
      throw badRequest('That upload was not found: upload the file again');
    }
    if (current.purpose !== a.purpose || (a.kinds && !a.kinds.includes(current.kind))) {
      throw badRequest('That upload was made for something else: upload the file again here');
    }
    const row = await this.deps.media.attach(tx, {
      id: a.mediaId,
      ownerId: a.ownerId,
      type: a.type,
      attachedId: a.attachedId,
      isPublic: a.isPublic,
      at: this.deps.clock.now(),
    });
    if (!row) throw badRequest('That upload is already used elsewhere');
    return this.present(row);
  }

  /** An upload of `ownerId`'s (used or not), for a module above to check before attaching. */
  async ownUpload(ownerId: string, id: string): Promise<Media | undefined> {
    const row = await this.deps.media.find(id);
    return row && row.owner_id === ownerId ? this.present(row) : undefined;
  }

  /** Follows a change of who may see a thing (a post made vibers-only). */
  setPublic(tx: Queryable, type: string, attachedId: string, isPublic: boolean): Promise<void> {
    return this.deps.media.setPublic(tx, type, attachedId, isPublic);
  }

  /**
   * Removes the rows of what is attached to a thing, in the caller's transaction; run the
   * returned function once it has committed to delete the stored objects.
   */
  async detachAndRemove(tx: Queryable, type: string, attachedId: string) {
    const removed = await this.deps.media.deleteAttachedTo(tx, type, attachedId);
    return () => this.#deleteObjects(removed.flatMap(keysOf));
  }

  /**
   * The cleanup job: uploads nothing came to use within UNATTACHED_TTL_MS, and resumable
   * uploads left unfinished as long. Returns how many of each it removed.
   */
  async removeAbandoned(): Promise<{ media: number; resumable: number }> {
    const before = new Date(this.deps.clock.now().getTime() - UNATTACHED_TTL_MS);
    let media = 0;
    for (;;) {
      const batch = await this.deps.media.deleteUnattachedBefore(before, 200);
      await this.#deleteObjects(batch.flatMap(keysOf));
      media += batch.length;
      if (batch.length < 200) break;
    }
    const uploads = await this.deps.media.deleteUploadsBefore(before);
    await Promise.all(uploads.map((id) => this.removeResumableFiles(id)));
    if (media || uploads.length) {
      this.deps.log.info({ media, resumable: uploads.length }, 'removed abandoned uploads');
    }
    return { media, resumable: uploads.length };
  }

  /** A resumable upload's bytes and its info file (@tus/file-store: `<id>` and `<id>.json`). */
  async removeResumableFiles(id: string): Promise<void> {
    if (!/^[0-9a-f]{32}$/.test(id)) return;
    await Promise.all([
      rm(join(this.deps.resumableDir, id), { force: true }),
      rm(join(this.deps.resumableDir, `${id}.json`), { force: true }),
    ]);
  }

  async #deleteObjects(keys: string[]): Promise<void> {
    await Promise.all(
      keys.map((key) =>
        this.deps.storage.delete(key).catch((error: unknown) => {
          this.deps.log.error({ err: error, key }, 'could not delete a stored media object');
        }),
      ),
    );
  }
}

function maxBytesOf(kind: MediaKind): number {
  return kind === 'photo'
    ? MEDIA_LIMITS.photoBytes
    : kind === 'video'
      ? MEDIA_LIMITS.videoBytes
      : MEDIA_LIMITS.voiceBytes;
}

const NAMES: Record<MediaKind, string> = { voice: 'Voice notes', photo: 'Photos', video: 'Videos' };

function tooLargeMessage(kind: MediaKind): string {
  return `${NAMES[kind]} can be at most ${maxBytesOf(kind) / MB} MB`;
}

function sizeRule(kind: MediaKind): string {
  return `${NAMES[kind].toLowerCase()} ${maxBytesOf(kind) / MB} MB`;
}

function checkSize(kind: MediaKind, size: number): void {
  if (size > maxBytesOf(kind)) throw new HttpError(413, tooLargeMessage(kind));
}

const VOICE_FORMATS = 'WebM/Opus, MP4/AAC or Ogg audio';
const PHOTO_FORMATS = 'JPEG, PNG, WebP, AVIF, GIF or HEIC';

function unsupportedMessage(purpose: MediaPurpose): string {
  if (purpose === 'avatar') return `A profile picture must be a ${PHOTO_FORMATS} photo`;
  if (purpose !== 'post') return `Voice notes must be ${VOICE_FORMATS}`;
  return (
    `This type of file is not taken: voice notes must be ${VOICE_FORMATS}, photos ` +
    `${PHOTO_FORMATS}, videos MP4, WebM or MOV`
  );
}
