import type { Logger } from 'pino';
import type { Database } from '../db/database.js';
import { UrlSigner } from '../contexts/media/media/media-access.js';
import { MediaRepository } from '../contexts/media/media/media.repository.js';
import { MediaService } from '../contexts/media/media/media.service.js';
import type { Clock } from '../platform/clock.js';
import type { Config } from '../platform/config.js';
import type { ObjectStorage } from '../platform/object-storage.js';

/**
 * The media pipeline for demo voice notes, as uploads go through it; null (and said in the
 * log) when ffmpeg is missing, and `what` is left out of the demo.
 */
export async function demoMedia(
  d: { db: Database; config: Config; log: Logger; clock: Clock; storage: ObjectStorage },
  what: string,
): Promise<MediaService | null> {
  const media = new MediaService({
    media: new MediaRepository(d.db),
    storage: d.storage,
    signer: new UrlSigner(d.config.jwtSecret),
    clock: d.clock,
    ffmpeg: { ffmpeg: d.config.media.ffmpegPath, ffprobe: d.config.media.ffprobePath },
    tempDir: d.config.media.tempDir,
    resumableDir: d.config.media.resumableDir,
    voiceLimits: async () => ({ postDuration: 120, dmDuration: 120 }),
    room: d.config.media.room,
    log: d.log,
  });
  await media.start();
  if (media.ffmpegProblem) {
    d.log.warn({ problem: media.ffmpegProblem }, `${what} left out: voice needs ffmpeg`);
    return null;
  }
  return media;
}
