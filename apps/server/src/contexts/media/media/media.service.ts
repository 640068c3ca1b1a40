import type { Media, MediaKind, MediaPurpose } from '@doers/contract';
import { mkdir, readFile, rm, stat, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../../db/database.js';
import type { Clock } from '../../../platform/clock.js';
import { badRequest, HttpError, notFound } from '../../../platform/errors.js';
import type { ObjectStorage } from '../../../platform/object-storage.js';
import type { FfmpegPaths } from './ffmpeg.js';
import { MediaAccess, type UrlSigner } from './media-access.js';
import { deleteObjects, MediaPipeline, type VoiceLimitsOf } from './media-pipeline.js';
import type { MediaRepository, MediaRow } from './media.repository.js';
import { keysOf, MediaServing, type ServedFile, type Variant } from './media-serving.js';
import { maxBytesFor } from './upload-rules.js';
import type { UploadRoom } from '../../../platform/media-settings.js';

const DAY_MS = 86_400_000;
/**
 * How long an upload that nothing uses is kept (a post being written, a re-recorded note): an
 * hour is plenty for that, and short enough that unused files cannot pile up on the disk.
 */
export const UNATTACHED_TTL_MS = 60 * 60_000;
/** How long a resumable upload may take to finish: a large video on a bad connection. */
export const RESUMABLE_TTL_MS = DAY_MS;
const MB = 1024 * 1024;
const PAUSED =
  'Uploads are paused for a while: the server is short of space. Please try again later.';

/**
 * The media pipeline (docs/product/media.md): checks an uploaded file by its bytes, transcodes a
 * voice note, re-encodes a photo, re-wraps a video, stores the results and records them; serves
 * them to whoever may see them; removes uploads nothing came to use. This class is the one face
 * other modules see; the processing (media-pipeline.ts), the serving (media-serving.ts) and the
 * intake rules (upload-rules.ts) each live in their own file, and it keeps the lifecycle:
 * resumable uploads, attaching, removing.
 */
export class MediaService {
  /** Modules above register who may see what is attached to their things. */
  readonly access = new MediaAccess();
  readonly #serving: MediaServing;
  readonly #pipeline: MediaPipeline;

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
      room: UploadRoom;
      log: FastifyBaseLogger;
      /** Files processed at once; more wait their turn (ffmpeg and sharp use whole cores). */
      concurrency?: number;
    },
  ) {
    this.#serving = new MediaServing({ ...deps, access: this.access });
    this.#pipeline = new MediaPipeline({ ...deps, present: (row) => this.present(row) });
  }

  /**
   * Checks for ffmpeg and removes work folders a crash left behind (older than an hour: with
   * PostgreSQL, several instances may share DATA_DIR and be busy in theirs); logs what is wrong.
   */
  async start(): Promise<void> {
    await mkdir(this.deps.resumableDir, { recursive: true });
    await this.#pipeline.start();
  }

  /** Null when voice and video can be processed; else why not. */
  get ffmpegProblem(): string | null {
    return this.#pipeline.ffmpegProblem;
  }

  /** Uploads being processed now, and those waiting for a turn. */
  get pipelineQueue(): { processing: number; waiting: number } {
    return this.#pipeline.queue;
  }

  /** The largest file `purpose` takes, for cutting an upload off early. */
  maxBytesFor(purpose: MediaPurpose): { bytes: number; message: string } {
    return maxBytesFor(purpose);
  }

  /** A private folder for one upload's files; removed whatever happens. */
  withWorkDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
    return this.#pipeline.withWorkDir(fn);
  }

  /** Checks, processes and stores an uploaded file (see MediaPipeline.accept). */
  accept(ownerId: string, purpose: MediaPurpose, input: string, workDir: string): Promise<Media> {
    return this.#pipeline.accept(ownerId, purpose, input, workDir);
  }

  /** Seconds a voice note for `purpose` may last: the person's own limits for posts and DMs. */
  voiceLimitSeconds(ownerId: string, purpose: MediaPurpose): Promise<number> {
    return this.#pipeline.voiceLimitSeconds(ownerId, purpose);
  }

  /** A signed URL of a file, for viewers its thing's rule lets in (a private profile's intro). */
  signedUrl(id: string): string {
    return this.#serving.signedUrl(id);
  }

  /** The Media object as the API answers it; private files get signed URLs. */
  present(row: MediaRow): Media {
    return this.#serving.present(row);
  }

  /** The file behind `GET /api/media/:id[/variant]`, when the viewer may see it. */
  file(
    id: string,
    variant: Variant | null,
    viewer: { userId: string | null; exp?: number | undefined; sig?: string | undefined },
  ): Promise<ServedFile> {
    return this.#serving.file(id, variant, viewer);
  }

  openFile(key: string, range?: { start: number; end: number }) {
    return this.#serving.openFile(key, range);
  }

  /**
   * Refuses an upload of `bytes` (as the client announces it) when it would not fit: the disk
   * holding DATA_DIR short of space, too much waiting in all (507), or too much of this
   * person's waiting for a use (429; it frees itself as they post, or within the hour).
   */
  async checkRoomFor(ownerId: string, bytes: number): Promise<void> {
    const room = this.deps.room;
    const disk = await statfs(this.deps.tempDir).catch(() => null);
    if (disk && disk.bavail * disk.bsize - bytes < room.minFreeBytes) {
      this.deps.log.error({ freeBytes: disk.bavail * disk.bsize }, 'uploads refused: disk short');
      throw new HttpError(507, PAUSED);
    }
    const waiting = await this.deps.media.waitingBytes(ownerId);
    if (waiting.total + bytes > room.totalBytes) {
      this.deps.log.warn({ waitingBytes: waiting.total }, 'uploads refused: too much waiting');
      throw new HttpError(507, PAUSED);
    }
    if (waiting.person + bytes > room.perPersonBytes) {
      throw new HttpError(
        429,
        `You have ${Math.round(room.perPersonBytes / MB)} MB of uploads waiting to be used: ` +
          'post them, or wait an hour for the unused ones to be cleared.',
        undefined,
        { 'retry-after': String(UNATTACHED_TTL_MS / 1000) },
      );
    }
  }

  /** A resumable upload begins: it is `ownerId`'s alone (tus calls this before storing). */
  registerResumable(id: string, ownerId: string, declaredBytes: number): Promise<void> {
    return this.deps.media.insertUpload(id, ownerId, this.deps.clock.now(), declaredBytes);
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
   * Erasing an account, in the caller's transaction: every file of the person, and the files of
   * others attached to things that go with them (comments on their posts, messages to them). Run
   * the returned function once it has committed to delete the stored objects.
   */
  async removeForErasure(
    tx: Queryable,
    ownerId: string,
    attached: { type: string; ids: string[] }[],
  ) {
    const removed = await this.deps.media.deleteOwnedBy(tx, ownerId);
    for (const a of attached)
      removed.push(...(await this.deps.media.deleteAttachedToAny(tx, a.type, a.ids)));
    return () => this.#deleteObjects(removed.flatMap(keysOf));
  }

  /**
   * The cleanup job: uploads nothing came to use within UNATTACHED_TTL_MS, and resumable
   * uploads left unfinished for RESUMABLE_TTL_MS. Returns how many of each it removed.
   */
  async removeAbandoned(): Promise<{ media: number; resumable: number }> {
    const now = this.deps.clock.now().getTime();
    const before = new Date(now - UNATTACHED_TTL_MS);
    let media = 0;
    for (;;) {
      const batch = await this.deps.media.deleteUnattachedBefore(before, 200);
      await this.#deleteObjects(batch.flatMap(keysOf));
      media += batch.length;
      if (batch.length < 200) break;
    }
    const uploads = await this.deps.media.deleteUploadsBefore(new Date(now - RESUMABLE_TTL_MS));
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

  #deleteObjects(keys: string[]): Promise<void> {
    return deleteObjects(this.deps.storage, this.deps.log, keys);
  }
}
