import type { Queryable } from '../../../db/database.js';

export class SystemRepository {
  constructor(private readonly db: Queryable) {}

  /** The cheapest round trip to the database. */
  async ping(): Promise<void> {
    await this.db.query('SELECT 1');
  }
}
