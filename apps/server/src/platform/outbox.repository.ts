import type { Queryable } from '../db/database.js';

/** An event as kept until every handler of it has run (migration 031). */
export type OutboxRow = { id: string; name: string; payload: unknown; done: string[] };

/**
 * The events a repository writes within its own statement (a batch that opens no transaction),
 * as one of its CTEs: `rows` is a SELECT of `(name, payload)`; the part answers each row's `id`,
 * `name` and `payload`. The repository's caller hands them to `EventBus.deliver` once committed.
 */
export function recordEventsSql(rows: string): string {
  return `INSERT INTO event_outbox (name, payload) ${rows} RETURNING id::text AS id, name, payload`;
}

/** Starts the sweep's statements: they run behind the requests and belong to none of them. */
export const SWEEP = '/* outbox sweep, behind the requests */ ';

/** The transactional outbox's table. */
export class OutboxRepository {
  constructor(private readonly db: Queryable) {}

  /** Writes an event through `q`: inside the transaction of the change it describes. */
  async insert(q: Queryable, name: string, payload: unknown): Promise<string> {
    const rows = await q.query<{ id: string }>(
      'INSERT INTO event_outbox (name, payload) VALUES ($1, $2::jsonb) RETURNING id::text AS id',
      [name, JSON.stringify(payload)],
    );
    return rows[0]!.id;
  }

  /** Every handler of these ran: they go. */
  async finish(ids: string[]): Promise<void> {
    await this.db.query('DELETE FROM event_outbox WHERE id = ANY($1::bigint[])', [ids]);
  }

  /** Some handlers of it are still to run (`done` ran): due again in `delayMs`. */
  async later(id: string, done: string[], delayMs: number): Promise<void> {
    await this.db.query(
      `UPDATE event_outbox SET done = $2::text[],
              due_at = now() + make_interval(secs => $3::float8 / 1000)
        WHERE id = $1::bigint`,
      [id, done, delayMs],
    );
  }

  /**
   * Takes up to `limit` rows that are due, oldest first, for one delivery: each becomes due again
   * only after `leaseMs`, so another instance skips it meanwhile (and takes it if this one dies).
   */
  async claimDue(
    limit: number,
    leaseMs: number,
  ): Promise<(OutboxRow & { attempts: number; age: number })[]> {
    return this.db.query<OutboxRow & { attempts: number; age: number }>(
      `${SWEEP}UPDATE event_outbox o SET attempts = o.attempts + 1,
              due_at = now() + make_interval(secs => $2::float8 / 1000)
        WHERE o.id IN (SELECT id FROM event_outbox WHERE due_at <= now()
                        ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING o.id::text AS id, o.name, o.payload, o.done, o.attempts,
                 extract(epoch FROM now() - o.created_at)::float8 AS age`,
      [limit, leaseMs],
    );
  }

  /** How many events wait, and how long the oldest has (the outbox's lag, for metrics). */
  async lag(): Promise<{ pending: number; oldest_seconds: number }> {
    const rows = await this.db.query<{ pending: number; oldest_seconds: number }>(
      `${SWEEP}SELECT count(*)::int AS pending,
              COALESCE(extract(epoch FROM now() - min(created_at)), 0)::float8 AS oldest_seconds
         FROM event_outbox`,
    );
    return rows[0]!;
  }
}
