import type { UserStats } from '@doers/contract';

/** The figures a profile shows, in this order (the streaks first: they are what Doers is about). */
const FIGURES: ReadonlyArray<{ key: keyof UserStats; label: string }> = [
  { key: 'currentStreak', label: 'Current streak' },
  { key: 'longestStreak', label: 'Longest streak' },
  { key: 'totalCheckIns', label: 'Check-ins' },
  { key: 'totalVibers', label: 'Vibers' },
  { key: 'totalVibingWith', label: 'Vibing with' },
  { key: 'totalVibes', label: 'Vibes received' },
  { key: 'activeQuests', label: 'Active quests' },
  { key: 'totalCompletedQuests', label: 'Quests completed' },
  { key: 'totalPosts', label: 'Posts' },
  { key: 'totalSmiles', label: 'Smiles received' },
  { key: 'totalHums', label: 'Hums' },
];

export function profileFigures(stats: UserStats) {
  return FIGURES.map(({ key, label }) => ({ key, label, value: stats[key] }));
}
