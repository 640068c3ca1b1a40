import { z } from 'zod';
import { endpoint } from './http.js';

/**
 * Transcripts of voice notes (docs/product/transcripts.md). Every voice note a client reads
 * (`Media.transcript` of a post's, a comment's or a message's voice, `VoiceIntro.transcript`)
 * carries its transcript, or null when it has none. It comes from the speaker's device (sent with
 * the note: `transcript` on the create bodies) or from the server's transcription engine, and
 * its speaker may correct it (`transcriptsApi.correct`).
 */

export const TRANSCRIPT_SOURCES = ['device', 'server'] as const;
export type TranscriptSource = (typeof TRANSCRIPT_SOURCES)[number];

/**
 * A transcript is what was said, not a text post: its length follows the note's duration, about
 * as fast as anyone speaks, with a floor for the shortest notes. `maxChars` bounds every one
 * (the longest note a plan allows, 600 s).
 */
export const TRANSCRIPT_LIMITS = { charsPerSecond: 30, floorChars: 60, maxChars: 20_000 } as const;

/** The most characters the transcript of a note of `durationMs` may hold. */
export function maxTranscriptLength(durationMs: number): number {
  return Math.max(
    TRANSCRIPT_LIMITS.floorChars,
    Math.ceil((durationMs / 1000) * TRANSCRIPT_LIMITS.charsPerSecond),
  );
}

/** How long a preview of what was said may be (a notification's line): about two lines on a phone. */
export const EXCERPT_MAX_CHARS = 120;

/**
 * The first line of a transcript, for a preview: up to the first line break, cut at a word
 * boundary with an ellipsis when longer than `max`. Empty for a transcript of blanks.
 */
export function firstLineOf(text: string, max: number = EXCERPT_MAX_CHARS): string {
  const line = (text.trim().split('\n', 1)[0] ?? '').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  // A word longer than half the room is cut inside it rather than leaving a stub of a line.
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export const transcript = z.object({
  text: z.string(),
  /** Where it was made: the speaker's device while recording, or the server's engine. */
  source: z.enum(TRANSCRIPT_SOURCES),
  /** The username of whoever corrected it ("edited by @name"); null while it is as made. */
  editedBy: z.string().nullable(),
});
export type Transcript = z.infer<typeof transcript>;

/** The words of a transcript as a person sends them: trimmed, not empty, bounded. */
export const transcriptText = z
  .string()
  .trim()
  .min(1, 'A transcript cannot be empty')
  .max(
    TRANSCRIPT_LIMITS.maxChars,
    `A transcript can be at most ${TRANSCRIPT_LIMITS.maxChars} characters`,
  );

export const transcriptParams = z.object({ id: z.uuid('Not a valid voice note id') });

export const correctTranscriptRequest = z.object({ text: transcriptText });
export type CorrectTranscriptRequest = z.infer<typeof correctTranscriptRequest>;

export const transcriptsApi = {
  /**
   * The speaker corrects the transcript of their voice note `id` (the `Media.id` of a post's, a
   * comment's or a voice intro's voice), or writes one where there was none. Marked edited by
   * them. Anyone else: 403 when they can see the note, else 404.
   */
  correct: endpoint({
    method: 'PUT',
    path: '/media/:id/transcript',
    access: 'signed-in',
    params: transcriptParams,
    body: correctTranscriptRequest,
    response: transcript,
    idempotent: true,
  }),
};
