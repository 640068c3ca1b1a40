import type { MediaKind, MediaPurpose, Transcript, TranscriptSource } from '@doers/contract';
import type { Queryable } from '../../../db/database.js';

/** A voice note as the transcripts see it: whose, how long, what uses it, and whether it has one. */
export type VoiceFacts = {
  id: string;
  owner_id: string;
  kind: MediaKind;
  purpose: MediaPurpose;
  content_type: string;
  duration_ms: number | null;
  attached_type: string | null;
  attached_id: string | null;
  is_public: boolean;
  has_transcript: boolean;
};

/** The transcripts table (its only writer); reads the media row each belongs to. */
export class TranscriptsRepository {
  constructor(private readonly db: Queryable) {}

  async facts(mediaId: string): Promise<VoiceFacts | undefined> {
    const rows = await this.db.query<VoiceFacts>(
      `SELECT m.id, m.owner_id, m.kind, m.purpose, m.content_type, m.duration_ms,
              m.attached_type, m.attached_id, m.is_public, t.media_id IS NOT NULL AS has_transcript
         FROM media m LEFT JOIN transcripts t ON t.media_id = m.id
        WHERE m.id = $1`,
      [mediaId],
    );
    return rows[0];
  }

  /**
   * Writes a note's first transcript; true when written, false when it already had one (a
   * device's or a correction came first, or a job was delivered twice).
   */
  async insertIfNone(
    q: Queryable,
    t: { mediaId: string; text: string; source: TranscriptSource; at: Date },
  ): Promise<boolean> {
    const rows = await q.query<{ media_id: string }>(
      `INSERT INTO transcripts (media_id, text, source, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (media_id) DO NOTHING RETURNING media_id`,
      [t.mediaId, t.text, t.source, t.at],
    );
    return rows.length > 0;
  }

  /**
   * The speaker's words replace the transcript, marked edited by them; where there was none they
   * become it (as the device's would have).
   */
  async correct(t: {
    mediaId: string;
    text: string;
    editorId: string;
    at: Date;
  }): Promise<Transcript> {
    const rows = await this.db.query<Transcript>(
      `WITH t AS (
         INSERT INTO transcripts (media_id, text, source, edited_by, edited_at, created_at)
         VALUES ($1, $2, 'device', $3, $4, $4)
         ON CONFLICT (media_id) DO UPDATE
           SET text = EXCLUDED.text, edited_by = EXCLUDED.edited_by, edited_at = EXCLUDED.edited_at
         RETURNING text, source, edited_by)
       SELECT t.text, t.source, u.username AS "editedBy" FROM t LEFT JOIN users u ON u.id = t.edited_by`,
      [t.mediaId, t.text, t.editorId, t.at],
    );
    return rows[0]!;
  }
}
