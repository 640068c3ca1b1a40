import { describe, expect, it } from 'vitest';
import { crownMayMove, type GoatFacts } from './goat.js';

const early = new Date('2026-01-01T00:00:00Z');
const late = new Date('2026-02-01T00:00:00Z');
const base: GoatFacts = {
  before: 3,
  after: 4,
  isGoat: false,
  offBoard: false,
  joinedAt: late,
  userId: 'b',
  goat: { id: 'a', longest: 10, joinedAt: early },
};

describe('crownMayMove', () => {
  it.each<[string, Partial<GoatFacts>, boolean]>([
    ['a rise that stays below the GOAT', {}, false],
    ['a rise past the GOAT', { after: 11 }, true],
    ['a tie with a GOAT who joined first', { after: 10 }, false],
    ['a tie with a GOAT who joined later', { after: 10, joinedAt: new Date('2025-12-01') }, true],
    ['no GOAT yet', { goat: null }, true],
    ['no change', { after: 3 }, false],
    ['hidden from the board', { after: 11, offBoard: true }, false],
    ['the GOAT grows', { isGoat: true, goat: null, after: 12, before: 11 }, false],
    [
      'the GOAT undoes a check-in and falls',
      { isGoat: true, goat: null, after: 10, before: 11 },
      true,
    ],
  ])('%s → %s', (_name, change, expected) => {
    expect(crownMayMove({ ...base, ...change })).toBe(expected);
  });
});
