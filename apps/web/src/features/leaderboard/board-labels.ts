import type { LeaderboardBoard } from '@doers/contract';

export const BOARD_LABELS: Record<LeaderboardBoard, string> = {
  week: 'This week',
  'all-time': 'All time',
};

/** A score as a person reads it: "3 check-ins", "12-day streak". */
export function scoreText(board: LeaderboardBoard, score: number): string {
  if (board === 'week') return score === 1 ? '1 check-in' : `${score} check-ins`;
  return `${score}-day streak`;
}

/** My place on the board, in a sentence. */
export function myPlaceText(
  board: LeaderboardBoard,
  me: { rank: number | null; score: number; hidden: boolean },
): string {
  if (me.hidden) return 'You are hidden from the leaderboard.';
  if (me.rank === null) {
    return board === 'week'
      ? 'No check-ins from you this week yet. Check in on a quest to join the board.'
      : 'Check in on a quest to start a streak and join the board.';
  }
  const score = scoreText(board, me.score);
  return `You are #${me.rank} with ${board === 'all-time' ? `a ${score}` : score}.`;
}
