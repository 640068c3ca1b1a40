import type { Queryable } from '../../db/database.js';

export type RefreshTokenRow = {
  id: string;
  user_id: string;
  device_id: string;
  family_id: string;
  token_hash: string;
  remember: boolean;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
};

/** Refresh-token chains (one per signed-in device) and password-reset tokens; hashes only. */
export class SessionsRepository {
  constructor(private readonly db: Queryable) {}

  async insertRefreshToken(
    row: Pick<
      RefreshTokenRow,
      'id' | 'user_id' | 'device_id' | 'family_id' | 'token_hash' | 'remember' | 'expires_at'
    >,
    tx: Queryable = this.db,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO refresh_tokens
         (id, user_id, device_id, family_id, token_hash, remember, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        row.id,
        row.user_id,
        row.device_id,
        row.family_id,
        row.token_hash,
        row.remember,
        row.expires_at,
      ],
    );
  }

  async findRefreshToken(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    const rows = await this.db.query<RefreshTokenRow>(
      'SELECT * FROM refresh_tokens WHERE token_hash = $1',
      [tokenHash],
    );
    return rows[0];
  }

  /** Marks a token used at `at`; false when another request used it first. */
  async markUsed(tx: Queryable, id: string, at: Date): Promise<boolean> {
    const rows = await tx.query<{ id: string }>(
      `UPDATE refresh_tokens SET used_at = $2
        WHERE id = $1 AND used_at IS NULL AND revoked_at IS NULL RETURNING id`,
      [id, at],
    );
    return rows.length === 1;
  }

  async isRevoked(tx: Queryable, id: string): Promise<boolean> {
    const rows = await tx.query<{ revoked: boolean }>(
      'SELECT revoked_at IS NOT NULL AS revoked FROM refresh_tokens WHERE id = $1',
      [id],
    );
    return rows[0]?.revoked ?? true;
  }

  async revokeFamily(familyId: string, tx: Queryable = this.db): Promise<void> {
    await tx.query(
      'UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL',
      [familyId],
    );
  }

  async revokeAllForUser(tx: Queryable, userId: string): Promise<void> {
    await tx.query(
      'UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL',
      [userId],
    );
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
