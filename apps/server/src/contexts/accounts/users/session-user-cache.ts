import { onCommit, type Queryable } from '../../../db/database.js';
import { LRUCache } from 'lru-cache';
import type { CacheBus } from '../../../platform/cache-bus.js';

/** What authenticating reads about a session's person: see `SessionsRepository.findSessionUser`. */
export type SessionUserRow = {
  id: string;
  status: 'Active' | 'Suspended' | 'Deleted';
  session_epoch: number;
  timezone: string;
  day_start_hour: number;
  /** Set while suspended (a restricted session: platform/authenticate.ts). */
  suspension_reason: string | null;
  suspended_until: Date | null;
  /** The session's absolute end. */
  session_expires_at: Date;
};

type PersonPart = Omit<SessionUserRow, 'session_expires_at'>;

/** A write that changes what authenticating reads: a person's columns, one session, or all theirs. */
export type SessionChange =
  { user: string } | { session: string } | { sessionsOf: string; except?: string };

/** People and sessions kept at most: ~200 bytes each. */
const MAX_ENTRIES = 50_000;
/**
 * An entry is read again after this long. It bounds what a lost message costs (another instance
 * wrote while Redis was unreachable): a session ended there still opens requests here this long.
 */
const MAX_AGE_MS = 10_000;

/**
 * Session users kept in memory (docs/decisions/0008-sessions-as-rows.md, "Kept in memory"), so
 * that authenticating a request reads nothing once its session is known. People and live
 * sessions are kept apart, so that a write of a person's columns and the end of a session each
 * drop only what they change. Every such write goes through `writing`: the entries it changes
 * are dropped before and after it, and again once its transaction has committed, when the other
 * instances are told too (cache-bus.ts). A read that began before a drop does not fill
 * (`generation`), so a read on another connection that saw the row before the commit cannot put
 * the old row back.
 */
export class SessionUserCache {
  readonly #people: LRUCache<string, PersonPart>;
  /** Live sessions: their person and absolute end. An ended one is never here. */
  readonly #sessions: LRUCache<string, { userId: string; expiresAt: Date }>;
  #generation = 0;
  readonly #tell: (change: SessionChange) => void;

  constructor(nowMs: () => number, bus?: CacheBus) {
    // Ages on the injected clock, which tests move; in production it is the real one.
    const kept = { max: MAX_ENTRIES, ttl: MAX_AGE_MS, perf: { now: nowMs } };
    this.#people = new LRUCache(kept);
    this.#sessions = new LRUCache(kept);
    this.#tell = bus ? bus.channel<SessionChange>('sessions', (c) => this.#forget(c)) : () => {};
  }

  /** Read before reading the database; hand it back to `fill`. */
  get generation(): number {
    return this.#generation;
  }

  get(userId: string, sessionId: string): SessionUserRow | undefined {
    const session = this.#sessions.get(sessionId);
    if (!session || session.userId !== userId) return undefined;
    const person = this.#people.get(userId);
    if (!person) return undefined;
    return { ...person, session_expires_at: session.expiresAt };
  }

  fill(sessionId: string, row: SessionUserRow, generation: number): void {
    if (generation !== this.#generation) return;
    const { session_expires_at: expiresAt, ...person } = row;
    this.#people.set(row.id, person);
    this.#sessions.set(sessionId, { userId: row.id, expiresAt });
  }

  /** The person's timezone as kept here, if they are (however old the entry). */
  timezoneOf(userId: string): string | undefined {
    return this.#people.get(userId, { allowStale: true })?.timezone;
  }

  /**
   * Runs `write`, which changes what `change` names through `through` (a transaction or the
   * database itself), dropping those entries around it and, once committed, everywhere.
   */
  async writing<T>(through: Queryable, change: SessionChange, write: () => Promise<T>): Promise<T> {
    this.#forget(change);
    try {
      return await write();
    } finally {
      this.changed(through, change);
    }
  }

  /** What `change` names was written through `through`: dropped now and, once committed, everywhere. */
  changed(through: Queryable, change: SessionChange): void {
    this.#forget(change);
    onCommit(through, () => {
      this.#forget(change);
      this.#tell(change);
    });
  }

  #forget(change: SessionChange): void {
    this.#generation++;
    if ('user' in change) this.#people.delete(change.user);
    else if ('session' in change) this.#sessions.delete(change.session);
    else {
      const ended = [...this.#sessions.entries()].filter(
        ([id, session]) => session.userId === change.sessionsOf && id !== change.except,
      );
      for (const [id] of ended) this.#sessions.delete(id);
    }
  }
}
