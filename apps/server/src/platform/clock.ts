/**
 * Where "now" comes from. Every rule that depends on the time (days, streaks, the late window,
 * token and link expiry, refresh grace, lastActive) asks an injected Clock, never `new Date()`,
 * so that tests can move time instead of rewriting rows.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export type Duration = { days?: number; hours?: number; minutes?: number; seconds?: number };

const MS = { days: 86_400_000, hours: 3_600_000, minutes: 60_000, seconds: 1000 };

/** A clock that stands still until a test sets or advances it. */
export class TestClock implements Clock {
  #at: number;

  constructor(start: Date | string = new Date()) {
    this.#at = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.#at);
  }

  set(instant: Date | string): void {
    const at = new Date(instant).getTime();
    if (Number.isNaN(at)) throw new Error(`TestClock.set: not an instant: ${String(instant)}`);
    this.#at = at;
  }

  advance(by: Duration): void {
    this.#at +=
      (by.days ?? 0) * MS.days +
      (by.hours ?? 0) * MS.hours +
      (by.minutes ?? 0) * MS.minutes +
      (by.seconds ?? 0) * MS.seconds;
  }
}
