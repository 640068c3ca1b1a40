import { describe, expect, it } from 'vitest';
import { celebrationMessage } from './celebration';

describe('celebrationMessage', () => {
  it('counts the days of an ordinary check-in', () => {
    expect(celebrationMessage({ streak: 4, milestone: null })).toBe('Day 4! Streak on fire 🔥');
  });

  it('welcomes the first day', () => {
    expect(celebrationMessage({ streak: 1, milestone: null })).toBe(
      'Day 1! Every streak starts here 🔥',
    );
    expect(celebrationMessage({ streak: 0, milestone: null })).toMatch(/^Day 1!/);
  });

  it('has its own words for each milestone', () => {
    expect(celebrationMessage({ streak: 7, milestone: 7 })).toBe(
      'One week strong! 7-day streak 🔥',
    );
    expect(celebrationMessage({ streak: 30, milestone: 30 })).toMatch(/30 days!/);
    expect(celebrationMessage({ streak: 100, milestone: 100 })).toMatch(/100-day streak/);
    expect(celebrationMessage({ streak: 365, milestone: 365 })).toMatch(/full year/);
  });

  it('still celebrates a milestone it has no special words for', () => {
    expect(celebrationMessage({ streak: 50, milestone: 50 })).toBe(
      '50-day streak! Milestone reached 🎉',
    );
  });

  it('says a late check-in saved the streak', () => {
    expect(celebrationMessage({ streak: 9, milestone: null, late: true })).toBe(
      'Yesterday counted. Streak saved: 9 days 🔥',
    );
    expect(celebrationMessage({ streak: 1, milestone: null, late: true })).toBe(
      'Yesterday counted 🔥',
    );
  });

  it('a milestone wins over the late wording', () => {
    expect(celebrationMessage({ streak: 7, milestone: 7, late: true })).toMatch(/One week strong/);
  });
});
