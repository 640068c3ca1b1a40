import type { Queryable } from '../../../db/database.js';
import type { SessionUserCache } from './session-user-cache.js';

/** What the erasure keeps of a person until the end: where to say goodbye. */
export type LeavingPerson = { id: string; email: string; display_name: string; username: string };

/**
 * The account-deletion columns of users (migration 024): status 'Deleted' with the time of the
 * erasure, cancelled by signing back in before it. Status is read by authenticating, so every
 * write tells the session cache (session-user-cache.ts).
 */
export class AccountDeletionRepository {
  constructor(
    private readonly db: Queryable,
    private readonly sessionUsers: SessionUserCache,
  ) {}

  /**
   * Deactivates an active account: invisible everywhere (every read leaves out status 'Deleted')
   * and its access tokens void at once (the epoch moves). False when it was not active.
   */
  async deactivate(tx: Queryable, id: string, dueAt: Date, at: Date): Promise<boolean> {
    const rows = await this.sessionUsers.writing(tx, { user: id }, () =>
      tx.query(
        `UPDATE users SET status = 'Deleted', deletion_due_at = $2,
                session_epoch = session_epoch + 1, updated_at = $3
          WHERE id = $1 AND status = 'Active' RETURNING id`,
        [id, dueAt, at],
      ),
    );
    return rows.length > 0;
  }

  /** Signing back in before the erasure keeps the account. False when it was not waiting. */
  async cancel(tx: Queryable, id: string, at: Date): Promise<boolean> {
    const rows = await this.sessionUsers.writing(tx, { user: id }, () =>
      tx.query(
        `UPDATE users SET status = 'Active', deletion_due_at = NULL, updated_at = $2
          WHERE id = $1 AND status = 'Deleted' AND deletion_due_at > $2 RETURNING id`,
        [id, at],
      ),
    );
    return rows.length > 0;
  }

  /** Accounts whose grace days are over, the longest waiting first. */
  async due(at: Date, max: number): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      `SELECT id FROM users WHERE deletion_due_at <= $1 AND status = 'Deleted'
        ORDER BY deletion_due_at LIMIT $2`,
      [at, max],
    );
    return rows.map((r) => r.id);
  }

  /** Locks an account still due for erasure (a sign-in may have cancelled it meanwhile). */
  async lockDue(tx: Queryable, id: string, at: Date): Promise<LeavingPerson | undefined> {
    const rows = await tx.query<LeavingPerson>(
      `SELECT id, email, display_name, username FROM users
        WHERE id = $1 AND status = 'Deleted' AND deletion_due_at <= $2 FOR UPDATE`,
      [id, at],
    );
    return rows[0];
  }

  /** The row itself; every table that names the person by a foreign key cascades. */
  async delete(tx: Queryable, id: string): Promise<void> {
    await this.sessionUsers.writing(tx, { user: id }, () =>
      tx.query('DELETE FROM users WHERE id = $1', [id]),
    );
  }
}
