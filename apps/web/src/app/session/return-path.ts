/** What /login keeps about where a person was when their session expired. */
export interface ReturnState {
  from: string;
  /** Whose session expired: only the same person is taken back there. */
  userId: string | null;
}

/** Where a person who just signed in goes back to, if anywhere. */
export function returnPath(state: unknown, signedInUserId: string | null): string | null {
  const { from, userId } = (state ?? {}) as { from?: unknown; userId?: unknown };
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  if (typeof userId === 'string' && userId !== signedInUserId) return null;
  return from;
}
