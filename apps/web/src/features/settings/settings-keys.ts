/** The query keys of the settings screens. */
export const settingsKeys = {
  restDays: ['settings', 'rest-days'] as const,
  sessions: ['settings', 'sessions'] as const,
  vibers: ['settings', 'vibers'] as const,
  interests: ['settings', 'interests'] as const,
  blockedUsers: ['settings', 'blocked-users'] as const,
  dmSettings: ['settings', 'dm-settings'] as const,
  privacy: ['settings', 'privacy'] as const,
};
