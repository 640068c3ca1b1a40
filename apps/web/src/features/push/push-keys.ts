/** The query keys of push: this device's push state, per person signed in. */
export const pushKeys = {
  all: ['push'] as const,
  state: (userId: string | null) => ['push', 'state', userId] as const,
};
