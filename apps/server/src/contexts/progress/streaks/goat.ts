/** Who tops the all-time board now, as a streak save reads it. */
export type GoatFacts = {
  /** The person's longest streak before this save, and after it. */
  before: number;
  after: number;
  /** The person is the GOAT now; or cannot be (hidden from the board, not active). */
  isGoat: boolean;
  offBoard: boolean;
  joinedAt: Date;
  userId: string;
  /** The GOAT before this save (someone else, when `isGoat` is false), or none. */
  goat: { id: string; longest: number; joinedAt: Date } | null;
};

/**
 * Whether a save may move the crown, so that the GOAT is looked for again only then: the GOAT's
 * own longest streak fell, or someone's rose past the GOAT's (a tie goes to who joined first).
 * Most check-ins change neither, and cost no statement more.
 */
export function crownMayMove(f: GoatFacts): boolean {
  if (f.isGoat) return f.after < f.before;
  if (f.offBoard || f.after <= f.before || f.after === 0) return false;
  if (!f.goat) return true;
  if (f.after !== f.goat.longest) return f.after > f.goat.longest;
  const mine = f.joinedAt.getTime();
  const theirs = f.goat.joinedAt.getTime();
  return mine < theirs || (mine === theirs && f.userId < f.goat.id);
}
