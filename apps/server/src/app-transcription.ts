import type { FastifyInstance } from 'fastify';
import { OpenAiTranscriber } from './contexts/media/transcripts/openai-transcriber.js';
import {
  TRANSCRIBE_JOB,
  TranscriptionService,
  type TranscribeJob,
} from './contexts/media/transcripts/transcription.service.js';
import type { TranscriptsRepository } from './contexts/media/transcripts/transcripts.repository.js';
import type { Database } from './db/database.js';
import type { Clock } from './platform/clock.js';
import type { EventBus } from './platform/events.js';
import type { Jobs } from './platform/jobs.js';
import type { ObjectStorage } from './platform/object-storage.js';
import type { TranscriptionSettings } from './platform/transcription-settings.js';

/**
 * The server's transcription engine, when TRANSCRIBE_URL is set (docs/product/transcripts.md):
 * its queued job, defined here; app-events.ts queues it on transcript.wanted. Null without one.
 */
export function openTranscription(
  app: FastifyInstance,
  d: {
    settings: TranscriptionSettings;
    db: Database;
    transcripts: TranscriptsRepository;
    storage: ObjectStorage;
    jobs: Jobs;
    events: EventBus;
    clock: Clock;
  },
): TranscriptionService | null {
  if (!d.settings) return null;
  const transcription = new TranscriptionService({
    ...d,
    transcriber: new OpenAiTranscriber(d.settings),
    log: app.log,
  });
  d.jobs.define(TRANSCRIBE_JOB, (job: TranscribeJob) => transcription.run(job));
  return transcription;
}
