import type { MediaKind, MediaPurpose, Transcript } from '@doers/contract';
import type { Queryable } from '../../../db/database.js';

export type MediaRow = {
  id: string;
  owner_id: string;
  kind: MediaKind;
  purpose: MediaPurpose;
  content_type: string;
  size_bytes: string | number;
  duration_ms: number | null;
  waveform: number[] | null;
  width: number | null;
  height: number | null;
  variant_type: string | null;
  variant_size: string | number | null;
  attached_type: string | null;
  attached_id: string | null;
  is_public: boolean;
  created_at: Date;
  attached_at: Date | null;
  /**
   * A voice note's transcript, when the query read it (transcripts/transcript.sql.ts); a row read
   * without it is presented with none (a new upload has none).
   */
  transcript?: Transcript | null;
};

export type NewMedia = Omit<
  MediaRow,
  'attached_type' | 'attached_id' | 'is_public' | 'attached_at' | 'transcript'
>;

/** What is stored of a removed row: enough to delete its objects. */
export type StoredKeys = { id: string; kind: MediaKind };

/** The media table and the resumable uploads in progress (media is their only writer). */
export class MediaRepository {
  constructor(private readonly db: Queryable) {}

  async insert(m: NewMedia): Promise<MediaRow> {
    const rows = await this.db.query<MediaRow>(
      `INSERT INTO media (id, owner_id, kind, purpose, content_type, size_bytes, duration_ms,
                          waveform, width, height, variant_type, variant_size, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING *`,
      [
        m.id,
        m.owner_id,
        m.kind,
        m.purpose,
        m.content_type,
        m.size_bytes,
        m.duration_ms,
        m.waveform,
        m.width,
        m.height,
        m.variant_type,
        m.variant_size,
        m.created_at,
      ],
    );
    return rows[0]!;
  }

  async find(id: string, tx: Queryable = this.db): Promise<MediaRow | undefined> {
    const rows = await tx.query<MediaRow>('SELECT * FROM media WHERE id = $1', [id]);
    return rows[0];
  }

  /** Removes an upload of `ownerId` that nothing uses; undefined when there is none. */
  async deleteUnattached(id: string, ownerId: string): Promise<StoredKeys | undefined> {
    const rows = await this.db.query<StoredKeys>(
      `DELETE FROM media WHERE id = $1 AND owner_id = $2 AND attached_type IS NULL
       RETURNING id, kind`,
      [id, ownerId],
    );
    return rows[0];
  }

  /** Attaches `ownerId`'s file to a thing; again to the same thing changes nothing. */
  async attach(
    tx: Queryable,
    a: {
      id: string;
      ownerId: string;
      type: string;
      attachedId: string;
      isPublic: boolean;
      at: Date;
    },
  ): Promise<MediaRow | undefined> {
    const rows = await tx.query<MediaRow>(
      `UPDATE media SET attached_type = $3, attached_id = $4, is_public = $5,
              attached_at = COALESCE(attached_at, $6)
        WHERE id = $1 AND owner_id = $2
          AND (attached_type IS NULL OR (attached_type = $3 AND attached_id = $4))
       RETURNING *`,
      [a.id, a.ownerId, a.type, a.attachedId, a.isPublic, a.at],
    );
    return rows[0];
  }

  async setPublic(tx: Queryable, type: string, attachedId: string, isPublic: boolean) {
    await tx.query(
      'UPDATE media SET is_public = $3 WHERE attached_type = $1 AND attached_id = $2',
      [type, attachedId, isPublic],
    );
  }

  async deleteAttachedTo(tx: Queryable, type: string, attachedId: string): Promise<StoredKeys[]> {
    return tx.query<StoredKeys>(
      `DELETE FROM media WHERE attached_type = $1 AND attached_id = $2
       RETURNING id, kind`,
      [type, attachedId],
    );
  }

  /** Every file of a person, used or not (erasing their account). */
  async deleteOwnedBy(tx: Queryable, ownerId: string): Promise<StoredKeys[]> {
    return tx.query<StoredKeys>('DELETE FROM media WHERE owner_id = $1 RETURNING id, kind', [
      ownerId,
    ]);
  }

  async deleteAttachedToAny(tx: Queryable, type: string, ids: string[]): Promise<StoredKeys[]> {
    if (ids.length === 0) return [];
    return tx.query<StoredKeys>(
      `DELETE FROM media WHERE attached_type = $1 AND attached_id = ANY($2::text[])
       RETURNING id, kind`,
      [type, ids],
    );
  }

  /** Uploads nothing came to use, made before `before`. */
  async deleteUnattachedBefore(before: Date, max: number): Promise<StoredKeys[]> {
    return this.db.query<StoredKeys>(
      `DELETE FROM media WHERE id IN (
         SELECT id FROM media WHERE attached_type IS NULL AND created_at < $1
         ORDER BY created_at LIMIT $2)
       RETURNING id, kind`,
      [before, max],
    );
  }

  async insertUpload(id: string, ownerId: string, at: Date, declaredBytes: number): Promise<void> {
    await this.db.query(
      'INSERT INTO media_uploads (id, owner_id, created_at, declared_bytes) VALUES ($1, $2, $3, $4)',
      [id, ownerId, at, declaredBytes],
    );
  }

  /**
   * Bytes waiting on the disk for a use, the person's and everyone's: files nothing is attached
   * to yet (with their thumbnail or poster), and resumable uploads by their declared size.
   */
  async waitingBytes(ownerId: string): Promise<{ person: number; total: number }> {
    const rows = await this.db.query<{ person: number; total: number }>(
      `WITH files AS (SELECT owner_id, size_bytes + coalesce(variant_size, 0) AS bytes
                        FROM media WHERE attached_type IS NULL
                      UNION ALL
                      SELECT owner_id, declared_bytes FROM media_uploads)
       SELECT coalesce(sum(bytes) FILTER (WHERE owner_id = $1), 0)::float8 AS person,
              coalesce(sum(bytes), 0)::float8 AS total
         FROM files`,
      [ownerId],
    );
    return { person: Number(rows[0]!.person), total: Number(rows[0]!.total) };
  }

  async uploadOwnedBy(id: string, ownerId: string): Promise<boolean> {
    const rows = await this.db.query<{ id: string }>(
      'SELECT id FROM media_uploads WHERE id = $1 AND owner_id = $2',
      [id, ownerId],
    );
    return rows.length > 0;
  }

  /** Takes a resumable upload off the list to finish it: only one caller gets it. */
  async claimUpload(id: string, ownerId: string): Promise<boolean> {
    const rows = await this.db.query<{ id: string }>(
      'DELETE FROM media_uploads WHERE id = $1 AND owner_id = $2 RETURNING id',
      [id, ownerId],
    );
    return rows.length > 0;
  }

  async deleteUploadsBefore(before: Date): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      'DELETE FROM media_uploads WHERE created_at < $1 RETURNING id',
      [before],
    );
    return rows.map((r) => r.id);
  }

  async deleteUpload(id: string): Promise<void> {
    await this.db.query('DELETE FROM media_uploads WHERE id = $1', [id]);
  }
}
