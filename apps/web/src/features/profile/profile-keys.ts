/** The query keys of the profile screens. */
export const profileKeys = {
  all: ['profile'] as const,
  /** Someone's public profile, as `GET /users/{id}` answers it. */
  user: (userId: string) => ['profile', 'user', userId] as const,
  /** My active quests, listed on my own profile. */
  myQuests: ['profile', 'my-quests'] as const,
};
