import type { Day } from '@doers/contract';

/**
 * One Idempotency-Key per pending write (e.g. a quest's check-in for a day), reused by every
 * attempt until one is settled: a double tap or a retry after a lost answer is then a replay
 * the server answers once, not a second check-in.
 */
export function createKeyRing(makeId: () => string) {
  const keys = new Map<string, string>();
  return {
    get(scope: string): string {
      let key = keys.get(scope);
      if (!key) {
        key = makeId();
        keys.set(scope, key);
      }
      return key;
    },
    release(scope: string): void {
      keys.delete(scope);
    },
  };
}

/**
 * The scope of a check-in: quest, day label and the day the server counts as the person's today
 * (from the quest view, never the phone's calendar), so a new day starts a new key.
 */
export function checkInScope(questId: string, day: string, today: Day): string {
  return `${questId}:${day}:${today}`;
}
