import type PgBoss from 'pg-boss';

/**
 * The statements we run on pg-boss's own tables (its schema, its connections): what drain()
 * waits for, and the queue's depth for the metrics. pg-boss 10 (pinned) keeps every job in `<schema>.job`, its state an enum ordered
 * created < retry < active < completed < cancelled < failed.
 */
export class JobQueueRepository {
  readonly #unfinished: string;
  readonly #depth: string;

  constructor(
    private readonly db: PgBoss.Db,
    schema: string,
  ) {
    const table = `"${schema.replace(/"/g, '')}".job`;
    // A retry waiting for its pause is made due now: tests see every try without waiting.
    this.#unfinished = `WITH due AS (
        UPDATE ${table} SET start_after = now()
        WHERE name = ANY($1) AND state = 'retry' AND start_after > now()
        RETURNING 1
      )
      SELECT count(*)::int AS count FROM ${table} WHERE name = ANY($1) AND state < 'completed'`;
    this.#depth = `SELECT count(*)::int AS count FROM ${table}
      WHERE name = ANY($1) AND state < 'completed'`;
  }

  /** How many jobs of these queues are waiting, running or waiting to be tried again. */
  async unfinished(queues: string[]): Promise<number> {
    const { rows } = await this.db.executeSql(this.#unfinished, [queues]);
    return (rows[0] as { count: number } | undefined)?.count ?? 0;
  }

  /** The same count, without making a waiting retry due: what the metrics read on a scrape. */
  async depth(queues: string[]): Promise<number> {
    const { rows } = await this.db.executeSql(this.#depth, [queues]);
    return (rows[0] as { count: number } | undefined)?.count ?? 0;
  }
}
