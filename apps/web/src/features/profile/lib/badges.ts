/** What each badge id of `profile.badges` shows: an emoji and a name. */
const BADGES: Record<string, { emoji: string; label: string }> = {
  founder: { emoji: '⭐', label: 'Founder' },
  goat: { emoji: '🐐', label: 'GOAT' },
  'streak-7': { emoji: '🔥', label: '7-day streak' },
  'streak-30': { emoji: '🔥', label: '30-day streak' },
  'streak-100': { emoji: '💯', label: '100-day streak' },
  'streak-365': { emoji: '🏆', label: '365-day streak' },
  'first-quest': { emoji: '🎯', label: 'First quest' },
  'first-post': { emoji: '🎙️', label: 'First post' },
  'quest-completed': { emoji: '✅', label: 'Quest completed' },
};

export interface BadgeView {
  id: string;
  emoji: string;
  label: string;
}

/** A badge id the app does not know yet still shows, by its own name ('night-owl' → 'Night owl'). */
export function badgeView(id: string): BadgeView {
  const known = BADGES[id];
  if (known) return { id, ...known };
  const words = id.replace(/[-_]+/g, ' ').trim();
  return { id, emoji: '🏅', label: words.charAt(0).toUpperCase() + words.slice(1) };
}

/** The badges to show: `isGOAT` counts as the GOAT badge, each badge once. */
export function profileBadges(profile: { badges: readonly string[]; isGOAT: boolean }) {
  const ids = new Set(profile.badges);
  if (profile.isGOAT) ids.add('goat');
  return [...ids].map(badgeView);
}
