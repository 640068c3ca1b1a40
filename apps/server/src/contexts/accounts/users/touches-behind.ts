/** A session seen at `at`: its last use, and the person's lastActive. */
export type Touch = { userId: string; sessionId: string; at: Date };

/**
 * "Seen at" marks written behind the requests (decision 8, "Last seen, written behind"): kept
 * here by session and written together once a second, or at once when `max` are waiting, in
 * one statement. A request never waits for its mark; a mark is approximate by nature (kept to
 * the minute), so one lost in a crash costs a minute of "last active", never an answer.
 */
export class TouchesBehind {
  #waiting = new Map<string, Touch>();
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: (touches: Touch[]) => Promise<void>,
    private readonly onError: (error: unknown) => void,
    private readonly options: { delayMs: number; max: number } = { delayMs: 1_000, max: 500 },
  ) {}

  add(touch: Touch): void {
    const before = this.#waiting.get(touch.sessionId);
    if (before && before.at >= touch.at) return;
    this.#keep(touch);
    if (this.#waiting.size >= this.options.max) void this.flush();
  }

  #keep(touch: Touch): void {
    this.#waiting.set(touch.sessionId, touch);
    this.#timer ??= setTimeout(() => void this.flush(), this.options.delayMs).unref();
  }

  /** The latest mark of a session not yet written, for what shows sessions (the devices list). */
  waitingAt(sessionId: string): Date | undefined {
    return this.#waiting.get(sessionId)?.at;
  }

  /** Writes what waits, after any write under way; on shutdown, before the database closes. */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const touches = [...this.#waiting.values()];
    this.#waiting.clear();
    if (touches.length === 0) return this.#writing;
    this.#writing = this.#writing.then(() =>
      this.write(touches).catch((error: unknown) => {
        this.onError(error);
        // Tried again a second later, unless a later mark of the same session came meanwhile.
        for (const t of touches) if (!this.#waiting.has(t.sessionId)) this.#keep(t);
      }),
    );
    return this.#writing;
  }
}
