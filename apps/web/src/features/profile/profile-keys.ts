/** The query keys of the profile screens. */
export const profileKeys = {
  all: ['profile'] as const,
  /** Someone's public profile, as `GET /users/{id}` answers it. */
  user: (userId: string) => ['profile', 'user', userId] as const,
  /** My active quests, listed on my own profile. */
  myQuests: ['profile', 'my-quests'] as const,
  /** Someone else's quests that I may see, as `GET /users/{id}/quests` answers them. */
  userQuests: (userId: string) => ['profile', 'user-quests', userId] as const,
};
