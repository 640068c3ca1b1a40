import { randomUUID } from 'node:crypto';
import type { PersonSummary } from '@doers/contract';
import type { Queryable } from '../../../db/database.js';
import type { Cursor } from '../../../platform/pagination.js';
import { notBlockedBetween } from '../../people/index.js';

export type VibeRow = {
  id: string;
  sender_id: string;
  target_user_id: string;
  reason: string;
  post_id: string | null;
  created_at: Date;
};

/** One of a person's vibers: someone who vibes with them, and whether they vibe back. */
export type ViberRow = {
  person: PersonSummary;
  vibes_back: boolean;
  created_at: Date;
};

/** Someone the owner vibes with, and whether they vibe back. */
export type VibingRow = ViberRow;

/** A vibe in a list of /vibes: the other person (sender or target), why, and when. */
export type VibeEntryRow = {
  id: string;
  person: PersonSummary;
  reason: string;
  post_id: string | null;
  created_at: Date;
};

const PERSON = `json_build_object('id', u.id, 'username', u.username,
  'displayName', u.display_name, 'profilePictureUrl', u.profile_picture_url,
  'isFounder', u.founder_id IS NOT NULL) AS person`;

/** Vibes sent, and who vibes with whom. */
export class VibesRepository {
  async insert(
    tx: Queryable,
    vibe: { senderId: string; targetUserId: string; reason: string; postId: string | null },
    at: Date,
  ): Promise<VibeRow> {
    const rows = await tx.query<VibeRow>(
      `INSERT INTO vibes (id, sender_id, target_user_id, reason, post_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [randomUUID(), vibe.senderId, vibe.targetUserId, vibe.reason, vibe.postId, at],
    );
    return rows[0]!;
  }

  /** Starts `userId` vibing with `targetId`; false when they already did. */
  async startVibingWith(
    tx: Queryable,
    userId: string,
    targetId: string,
    at: Date,
  ): Promise<boolean> {
    const rows = await tx.query<{ user_id: string }>(
      `INSERT INTO vibing_with (user_id, target_id, created_at) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING user_id`,
      [userId, targetId, at],
    );
    return rows.length > 0;
  }

  /** Ends `userId` vibing with `targetId`; false when they did not. */
  async stopVibingWith(tx: Queryable, userId: string, targetId: string): Promise<boolean> {
    const rows = await tx.query<{ user_id: string }>(
      'DELETE FROM vibing_with WHERE user_id = $1 AND target_id = $2 RETURNING user_id',
      [userId, targetId],
    );
    return rows.length > 0;
  }

  /** The people who vibe with `ownerId`, newest first, and whether the owner vibes back. */
  async vibersOf(
    db: Queryable,
    ownerId: string,
    cursor: Cursor | null,
    limit: number,
  ): Promise<ViberRow[]> {
    return db.query<ViberRow>(
      // Cursors hold milliseconds; rows from before the server clock wrote them hold microseconds.
      `SELECT date_trunc('milliseconds', v.created_at) AS created_at,
              EXISTS (SELECT 1 FROM vibing_with b
                       WHERE b.user_id = $1 AND b.target_id = v.user_id) AS vibes_back,
              json_build_object('id', u.id, 'username', u.username,
                'displayName', u.display_name, 'profilePictureUrl', u.profile_picture_url,
                'isFounder', u.founder_id IS NOT NULL) AS person
         FROM vibing_with v JOIN users u ON u.id = v.user_id
        WHERE v.target_id = $1 AND u.status <> 'Deleted'
          AND ($2::timestamptz IS NULL
               OR (date_trunc('milliseconds', v.created_at), v.user_id) < ($2::timestamptz, $3::uuid))
        ORDER BY date_trunc('milliseconds', v.created_at) DESC, v.user_id DESC LIMIT $4`,
      [ownerId, cursor?.at ?? null, cursor?.id ?? null, limit + 1],
    );
  }

  /** The people `ownerId` vibes with, newest first, and whether each vibes back (mutual). */
  async vibingOf(
    db: Queryable,
    ownerId: string,
    cursor: Cursor | null,
    limit: number,
  ): Promise<VibingRow[]> {
    return db.query<VibingRow>(
      `SELECT date_trunc('milliseconds', v.created_at) AS created_at,
              EXISTS (SELECT 1 FROM vibing_with b
                       WHERE b.user_id = v.target_id AND b.target_id = $1) AS vibes_back,
              ${PERSON}
         FROM vibing_with v JOIN users u ON u.id = v.target_id
        WHERE v.user_id = $1 AND u.status <> 'Deleted'
          AND ($2::timestamptz IS NULL
               OR (date_trunc('milliseconds', v.created_at), v.target_id) < ($2::timestamptz, $3::uuid))
        ORDER BY date_trunc('milliseconds', v.created_at) DESC, v.target_id DESC LIMIT $4`,
      [ownerId, cursor?.at ?? null, cursor?.id ?? null, limit + 1],
    );
  }

  /**
   * Vibes `ownerId` received (`received`) or sent (`sent`), newest first, with the other person;
   * never those of someone blocked either way.
   */
  async entriesOf(
    db: Queryable,
    ownerId: string,
    direction: 'received' | 'sent',
    cursor: Cursor | null,
    limit: number,
  ): Promise<VibeEntryRow[]> {
    const [mine, theirs] =
      direction === 'received' ? ['target_user_id', 'sender_id'] : ['sender_id', 'target_user_id'];
    return db.query<VibeEntryRow>(
      `SELECT v.id, v.reason, v.post_id,
              date_trunc('milliseconds', v.created_at) AS created_at, ${PERSON}
         FROM vibes v JOIN users u ON u.id = v.${theirs}
        WHERE v.${mine} = $1 AND u.status <> 'Deleted'
          AND ${notBlockedBetween('$1::uuid', `v.${theirs}`)}
          AND ($2::timestamptz IS NULL
               OR (date_trunc('milliseconds', v.created_at), v.id) < ($2::timestamptz, $3::uuid))
        ORDER BY date_trunc('milliseconds', v.created_at) DESC, v.id DESC LIMIT $4`,
      [ownerId, cursor?.at ?? null, cursor?.id ?? null, limit + 1],
    );
  }
}
