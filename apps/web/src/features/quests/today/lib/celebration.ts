import type { CheckInResponse } from '@doers/contract';

const MILESTONE_MESSAGES: Record<number, string> = {
  7: 'One week strong! 7-day streak 🔥',
  30: '30 days! A whole month of showing up 🏆',
  100: '100-day streak! That is legendary 💯',
  365: 'A full year! 365 days in a row 👑',
};

interface CelebrationInput {
  /** The streak right after the check-in. */
  streak: number;
  /** A streak milestone this check-in reached, else null. */
  milestone: number | null;
  /** Checked in for yesterday, after the fact. */
  late?: boolean;
}

/** The toast after a check-in: milestones get their own words, every other day a count. */
export function celebrationMessage({ streak, milestone, late = false }: CelebrationInput): string {
  if (milestone)
    return MILESTONE_MESSAGES[milestone] ?? `${milestone}-day streak! Milestone reached 🎉`;
  if (late)
    return streak > 1
      ? `Yesterday counted. Streak saved: ${streak} days 🔥`
      : 'Yesterday counted 🔥';
  if (streak <= 1) return 'Day 1! Every streak starts here 🔥';
  return `Day ${streak}! Streak on fire 🔥`;
}

export function celebrationFor(response: CheckInResponse): string {
  return celebrationMessage({
    streak: response.quest.viewer?.currentStreak ?? 1,
    milestone: response.milestone,
    late: response.checkIn.late,
  });
}
