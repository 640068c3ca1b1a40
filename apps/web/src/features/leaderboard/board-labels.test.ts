import { describe, expect, it } from 'vitest';
import { myPlaceText, scoreText } from './board-labels';

describe('leaderboard texts', () => {
  it('reads scores as people say them', () => {
    expect(scoreText('week', 1)).toBe('1 check-in');
    expect(scoreText('week', 4)).toBe('4 check-ins');
    expect(scoreText('all-time', 12)).toBe('12-day streak');
  });

  it('says where I stand, or why I am not on the board', () => {
    expect(myPlaceText('week', { rank: 3, score: 2, hidden: false })).toBe(
      'You are #3 with 2 check-ins.',
    );
    expect(myPlaceText('all-time', { rank: 2, score: 12, hidden: false })).toBe(
      'You are #2 with a 12-day streak.',
    );
    expect(myPlaceText('week', { rank: null, score: 0, hidden: false })).toMatch(/this week yet/);
    expect(myPlaceText('all-time', { rank: null, score: 0, hidden: false })).toMatch(/streak/);
    expect(myPlaceText('all-time', { rank: null, score: 9, hidden: true })).toBe(
      'You are hidden from the leaderboard.',
    );
  });
});
