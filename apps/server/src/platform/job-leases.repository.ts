import type { Queryable } from '../db/database.js';

/** When each timed job may run next, shared by every instance on one PostgreSQL (017). */
export class JobLeasesRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Claims the run of `name` if it is due by `now` and moves its next run to `next`; false when
   * it is not (another instance ran it this interval). One statement: of instances claiming at
   * once, the row lock lets one through and the others re-check `run_after` and find it moved.
   */
  async claim(name: string, now: Date, next: Date): Promise<boolean> {
    const rows = await this.db.query(
      `INSERT INTO job_leases (name, run_after) VALUES ($1, $3)
       ON CONFLICT (name) DO UPDATE SET run_after = EXCLUDED.run_after
         WHERE job_leases.run_after <= $2
       RETURNING name`,
      [name, now, next],
    );
    return rows.length === 1;
  }
}
