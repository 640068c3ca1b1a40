import type { Queryable } from '../../../db/database.js';

export class SystemRepository {
  constructor(private readonly db: Queryable) {}

  /** The cheapest round trip to the database. */
  async ping(): Promise<void> {
    await this.db.query('SELECT 1');
  }

  /** The migrations applied to this database (db/migrate.ts records each). */
  async appliedMigrations(): Promise<Set<string>> {
    const rows = await this.db.query<{ name: string }>('SELECT name FROM schema_migrations');
    return new Set(rows.map((row) => row.name));
  }
}
