/** The query keys of /vibes, one infinite list per tab. */
export const vibesKeys = {
  all: ['vibes'] as const,
  received: ['vibes', 'received'] as const,
  sent: ['vibes', 'sent'] as const,
  vibers: ['vibes', 'vibers'] as const,
  vibing: ['vibes', 'vibing'] as const,
};
