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

const MAX_ENTRIES = 10_000;

/**
 * Session users kept in memory, on PGlite only (docs/decisions/0007 and 0008): one process owns
 * the database there. People and live sessions are kept apart, so that a write of a person's
 * columns (`forgetUser`) and the end of a session (`forgetSession`) each drop only what they
 * change. Writers drop before and after their write, and a read that began before a drop does
 * not fill (`generation`), so a change counts at once even inside an uncommitted transaction.
 */
export class SessionUserCache {
  readonly #people = new Map<string, PersonPart>();
  /** Live sessions: their person and absolute end. An ended one is never here. */
  readonly #sessions = new Map<string, { userId: string; expiresAt: Date }>();
  #generation = 0;

  /** Read before reading the database; hand it back to `fill`. */
  get generation(): number {
    return this.#generation;
  }

  get(userId: string, sessionId: string): SessionUserRow | undefined {
    const session = this.#sessions.get(sessionId);
    if (!session || session.userId !== userId) return undefined;
    const person = this.#people.get(userId);
    return person && { ...person, session_expires_at: session.expiresAt };
  }

  fill(sessionId: string, row: SessionUserRow, generation: number): void {
    if (generation !== this.#generation) return;
    if (this.#people.size >= MAX_ENTRIES) this.#people.clear();
    if (this.#sessions.size >= MAX_ENTRIES) this.#sessions.clear();
    const { session_expires_at: expiresAt, ...person } = row;
    this.#people.set(row.id, person);
    this.#sessions.set(sessionId, { userId: row.id, expiresAt });
  }

  forgetUser(userId: string): void {
    this.#generation++;
    this.#people.delete(userId);
  }

  forgetSession(sessionId: string): void {
    this.#generation++;
    this.#sessions.delete(sessionId);
  }

  /** Every session of the person but `except`. */
  forgetSessionsOf(userId: string, except?: string): void {
    this.#generation++;
    for (const [id, session] of this.#sessions) {
      if (session.userId === userId && id !== except) this.#sessions.delete(id);
    }
  }
}
