import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './app-deps.js';
import { UrlSigner } from './contexts/media/media/media-access.js';
import { MediaRepository } from './contexts/media/media/media.repository.js';
import { MediaService } from './contexts/media/media/media.service.js';
import { TranscriptsRepository } from './contexts/media/transcripts/transcripts.repository.js';
import { TranscriptsService } from './contexts/media/transcripts/transcripts.service.js';
import type { Database } from './db/database.js';
import type { EventBus } from './platform/events.js';
import type { Metrics } from './platform/metrics.js';

/**
 * The media context, the bottom of the module order (docs/ARCHITECTURE.md): files and their
 * pipeline, and the words of voice notes (the device's, the speaker's corrections; the engine's
 * job is wired with the jobs, app-transcription.ts). It gets each person's voice limits handed
 * in, since users sit above it.
 */
export async function openMedia(
  app: FastifyInstance,
  d: {
    deps: AppDeps;
    db: Database;
    events: EventBus;
    metrics: Metrics;
    voiceLimits: ConstructorParameters<typeof MediaService>[0]['voiceLimits'];
  },
) {
  const { config, clock } = d.deps;
  const media = new MediaService({
    media: new MediaRepository(d.db),
    storage: d.deps.storage,
    signer: new UrlSigner(config.jwtSecret),
    clock,
    ffmpeg: { ffmpeg: config.media.ffmpegPath, ffprobe: config.media.ffprobePath },
    tempDir: config.media.tempDir,
    resumableDir: config.media.resumableDir,
    voiceLimits: d.voiceLimits,
    room: config.media.room,
    log: app.log,
  });
  await media.start();
  d.metrics.observeMediaQueue(() => media.pipelineQueue);
  const transcriptRows = new TranscriptsRepository(d.db);
  const transcripts = new TranscriptsService({
    ...{ transcripts: transcriptRows, access: media.access, events: d.events, clock },
    serverTranscribes: config.transcription !== null,
  });
  return { media, transcripts, transcriptRows };
}
