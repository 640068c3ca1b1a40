import { maxTranscriptLength } from '@doers/contract';
import { buffer } from 'node:stream/consumers';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../../db/database.js';
import type { Clock } from '../../../platform/clock.js';
import type { EventBus } from '../../../platform/events.js';
import type { Jobs } from '../../../platform/jobs.js';
import type { ObjectStorage } from '../../../platform/object-storage.js';
import { TranscriptionRefused, type Transcriber } from './transcriber.js';
import type { TranscriptsRepository } from './transcripts.repository.js';

/** The queued job that asks the engine for one note's transcript. */
export const TRANSCRIBE_JOB = 'transcripts.transcribe';
export type TranscribeJob = { mediaId: string };

/**
 * The server's transcription (docs/product/transcripts.md), when TRANSCRIBE_URL is set: each
 * voice note attached without the device's words is queued (transcript.wanted) and sent to the
 * engine by a job, which the job runner tries again after a 5xx, a network failure or the
 * timeout. A refusal (4xx) leaves the note without a transcript. The note itself never waits for
 * any of it, and a failure touches nothing else.
 */
export class TranscriptionService {
  constructor(
    private readonly deps: {
      db: Queryable;
      transcripts: TranscriptsRepository;
      transcriber: Transcriber;
      storage: ObjectStorage;
      jobs: Jobs;
      events: EventBus;
      clock: Clock;
      log: FastifyBaseLogger;
    },
  ) {}

  /** The handler of transcript.wanted: queued, so that the request that attached it answers. */
  queue(e: TranscribeJob): Promise<void> {
    return this.deps.jobs.enqueue(TRANSCRIBE_JOB, { mediaId: e.mediaId });
  }

  /**
   * One try. A note already transcribed (the job delivered twice, the speaker's correction first)
   * or gone (deleted meanwhile) is left as it is, without asking the engine.
   */
  async run(job: TranscribeJob): Promise<void> {
    const note = await this.deps.transcripts.facts(job.mediaId);
    if (!note || note.kind !== 'voice' || note.has_transcript) return;
    const bytes = await buffer(await this.deps.storage.get(note.id));
    let said: string;
    try {
      said = await this.deps.transcriber.transcribe({
        bytes,
        contentType: note.content_type,
        filename: `${note.id}.m4a`,
      });
    } catch (error) {
      if (!(error instanceof TranscriptionRefused)) throw error;
      this.deps.log.warn({ err: error, mediaId: note.id }, 'a voice note was not transcribed');
      return;
    }
    // An engine may ramble on silence; what a note could hold is kept.
    const text = [...said.trim()].slice(0, maxTranscriptLength(note.duration_ms ?? 0)).join('');
    if (!text) return;
    const at = this.deps.clock.now();
    const source = 'server';
    if (
      !(await this.deps.transcripts.insertIfNone(this.deps.db, {
        mediaId: note.id,
        text,
        source,
        at,
      }))
    )
      return;
    await this.deps.events.publish('transcript.changed', {
      mediaId: note.id,
      speakerId: note.owner_id,
      attachedType: note.attached_type,
      attachedId: note.attached_id,
    });
  }
}
