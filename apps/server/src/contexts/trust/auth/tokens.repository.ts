import type { Queryable } from '../../../db/database.js';

export type RefreshTokenRow = {
  id: string;
  user_id: string;
  session_id: string;
  token_hash: string;
  remember: boolean;
  expires_at: Date;
  used_at: Date | null;
};

/** A refresh token with what its session says: its device, its absolute end, whether it ended. */
export type PresentedTokenRow = RefreshTokenRow & {
  device_id: string;
  session_expires_at: Date;
  session_revoked_at: Date | null;
};

/**
 * Refresh-token chains (one per session, see the users module's sessions) and password-reset
 * tokens; hashes only.
 */
export class TokensRepository {
  constructor(private readonly db: Queryable) {}

  /** Inserting the same successor twice (two tabs within the grace) keeps one row. */
  async insertRefreshToken(
    row: Pick<
      RefreshTokenRow,
      'id' | 'user_id' | 'session_id' | 'token_hash' | 'remember' | 'expires_at'
    >,
    tx: Queryable = this.db,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO refresh_tokens (id, user_id, session_id, token_hash, remember, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (token_hash) DO NOTHING`,
      [row.id, row.user_id, row.session_id, row.token_hash, row.remember, row.expires_at],
    );
  }

  /** Reads the sessions table (users module) without writing it: one statement per refresh. */
  async findRefreshToken(tokenHash: string): Promise<PresentedTokenRow | undefined> {
    const rows = await this.db.query<PresentedTokenRow>(
      `SELECT t.*, s.device_id, s.expires_at AS session_expires_at,
              s.revoked_at AS session_revoked_at
         FROM refresh_tokens t JOIN sessions s ON s.id = t.session_id
        WHERE t.token_hash = $1`,
      [tokenHash],
    );
    return rows[0];
  }

  /** Marks a token used at `at`; false when another request used it first. */
  async markUsed(tx: Queryable, id: string, at: Date): Promise<boolean> {
    const rows = await tx.query<{ id: string }>(
      'UPDATE refresh_tokens SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id',
      [id, at],
    );
    return rows.length === 1;
  }

  async insertPasswordReset(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db.query(
      'INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, $3)',
      [tokenHash, userId, expiresAt],
    );
  }

  async isPasswordResetUsable(tokenHash: string, at: Date): Promise<boolean> {
    const rows = await this.db.query(
      `SELECT 1 FROM password_resets
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2`,
      [tokenHash, at],
    );
    return rows.length === 1;
  }

  /** Uses a reset token once, at `at`; its user, or undefined when unknown, used or expired. */
  async consumePasswordReset(
    tx: Queryable,
    tokenHash: string,
    at: Date,
  ): Promise<string | undefined> {
    const rows = await tx.query<{ user_id: string }>(
      `UPDATE password_resets SET used_at = $2
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id`,
      [tokenHash, at],
    );
    const userId = rows[0]?.user_id;
    // Any other link still out there stops working too.
    if (userId) {
      await tx.query(
        'UPDATE password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL',
        [userId, at],
      );
    }
    return userId;
  }
}
