import {
  maxTranscriptLength,
  type Media,
  type MediaPurpose,
  type Transcript,
} from '@doers/contract';
import type { Queryable } from '../../../db/database.js';
import type { Clock } from '../../../platform/clock.js';
import { badRequest, forbidden, notFound } from '../../../platform/errors.js';
import type { EventBus } from '../../../platform/events.js';
import { accessFactsOf, type MediaAccess } from '../media/media-access.js';
import type { TranscriptsRepository } from './transcripts.repository.js';

/** The voice notes that get a transcript: not a report's (the team hears it). */
const TRANSCRIBED: readonly MediaPurpose[] = ['post', 'comment', 'dm', 'voice-intro'];
/** What its speaker may correct later; a message's words stay as they were sent. */
const CORRECTABLE: readonly MediaPurpose[] = ['post', 'comment', 'voice-intro'];
const NOT_FOUND = 'Voice note not found';

/**
 * Refuses a transcript longer than its note could hold (docs/product/transcripts.md): it is
 * what was said, not a text post.
 */
export function checkTranscriptLength(text: string, durationMs: number): void {
  const max = maxTranscriptLength(durationMs);
  const length = [...text].length;
  if (length <= max) return;
  const seconds = Math.max(1, Math.round(durationMs / 1000));
  const message =
    `The transcript of a ${seconds}-second voice note can be at most ${max} characters; ` +
    `this one has ${length}.`;
  throw badRequest(message, [{ field: 'transcript', message }]);
}

/**
 * Transcripts of voice notes (docs/product/transcripts.md): the device's words taken with a new
 * note, the server's engine asked for the others (transcript.wanted, handled by
 * TranscriptionService), and the speaker's corrections.
 */
export class TranscriptsService {
  constructor(
    private readonly deps: {
      transcripts: TranscriptsRepository;
      access: MediaAccess;
      events: EventBus;
      clock: Clock;
      /** An engine is set up (TRANSCRIBE_URL): notes without the device's words go to it. */
      serverTranscribes: boolean;
    },
  ) {}

  /**
   * A voice note was just attached to a post, comment, message or intro, in the caller's
   * transaction: the device's words (`text`) become its transcript, or else the server's engine
   * is asked for one once the transaction has committed.
   */
  async attached(tx: Queryable, voice: Media, text: string | undefined): Promise<void> {
    if (voice.kind !== 'voice' || !TRANSCRIBED.includes(voice.purpose)) return;
    if (text !== undefined) {
      checkTranscriptLength(text, voice.durationMs ?? 0);
      const at = this.deps.clock.now();
      await this.deps.transcripts.insertIfNone(tx, {
        mediaId: voice.id,
        text,
        source: 'device',
        at,
      });
    } else if (this.deps.serverTranscribes) {
      await this.deps.events.record(tx, 'transcript.wanted', { mediaId: voice.id });
    }
  }

  /**
   * The speaker corrects the words of their note (or writes them where there were none). Someone
   * else is refused: "forbidden" when they can see the note, else "not found".
   */
  async correct(userId: string, mediaId: string, text: string): Promise<Transcript> {
    const note = await this.deps.transcripts.facts(mediaId);
    if (!note || note.kind !== 'voice' || !note.attached_type) throw notFound(NOT_FOUND);
    if (note.owner_id !== userId) {
      const facts = accessFactsOf(note);
      const shown = await this.deps.access.shown(facts);
      const sees =
        shown === 'public' ||
        (shown === 'restricted' && (await this.deps.access.mayView(userId, facts)));
      if (sees) throw forbidden('Only the person who spoke can correct this transcript');
      throw notFound(NOT_FOUND);
    }
    if (!CORRECTABLE.includes(note.purpose)) {
      throw forbidden("A message's transcript cannot be changed once it is sent");
    }
    checkTranscriptLength(text, note.duration_ms ?? 0);
    const transcript = await this.deps.transcripts.correct({
      mediaId,
      text,
      editorId: userId,
      at: this.deps.clock.now(),
    });
    await this.deps.events.publish('transcript.changed', {
      mediaId,
      speakerId: note.owner_id,
      attachedType: note.attached_type,
      attachedId: note.attached_id,
    });
    return transcript;
  }
}
