import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';

export type VibeRow = {
  id: string;
  sender_id: string;
  target_user_id: string;
  reason: string;
  post_id: string | null;
  created_at: Date;
};

/** Vibes sent, and who vibes with whom. */
export class VibesRepository {
  async insert(
    tx: Queryable,
    vibe: { senderId: string; targetUserId: string; reason: string; postId: string | null },
  ): Promise<VibeRow> {
    const rows = await tx.query<VibeRow>(
      `INSERT INTO vibes (id, sender_id, target_user_id, reason, post_id)
       VALUES ($1, $2, $3, $4, $5) RETURNING *`,
      [randomUUID(), vibe.senderId, vibe.targetUserId, vibe.reason, vibe.postId],
    );
    return rows[0]!;
  }

  /** Starts `userId` vibing with `targetId`; false when they already did. */
  async startVibingWith(tx: Queryable, userId: string, targetId: string): Promise<boolean> {
    const rows = await tx.query<{ user_id: string }>(
      `INSERT INTO vibing_with (user_id, target_id) VALUES ($1, $2)
       ON CONFLICT DO NOTHING RETURNING user_id`,
      [userId, targetId],
    );
    return rows.length > 0;
  }
}
