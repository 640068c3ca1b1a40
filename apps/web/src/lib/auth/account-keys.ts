/** The signed-in person's own User; keyed by id so one session's answer never serves another. */
export const accountKeys = {
  all: ['account'] as const,
  of: (userId: string) => ['account', userId] as const,
};
