import type { Transcript } from '@doers/contract';

/**
 * A voice note's transcript as the contract's Transcript (JSON), or NULL, for every query that
 * answers voice notes (posts, comments, messages, voice intros, moderation): one probe of the
 * transcripts' primary key, and of users' for the "edited by" name. `media` is the alias of a
 * media row.
 */
export function transcriptOf(media: string): string {
  return `(SELECT json_build_object('text', tr.text, 'source', tr.source, 'editedBy', tre.username)
     FROM transcripts tr LEFT JOIN users tre ON tre.id = tr.edited_by
    WHERE tr.media_id = ${media}.id)`;
}

/** The words alone of the transcript of the voice note whose media id is `mediaId`, or NULL. */
export function transcriptTextOf(mediaId: string): string {
  return `(SELECT tr.text FROM transcripts tr WHERE tr.media_id = ${mediaId})`;
}

/** A whole media row as JSON with its `transcript` (media.repository.ts's MediaRow). */
export function voiceJson(media: string): string {
  return `(to_jsonb(${media}) || jsonb_build_object('transcript', ${transcriptOf(media)}))`;
}

export type TranscriptJson = Transcript;
