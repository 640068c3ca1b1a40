/** The query keys of /qr-code. */
export const invitesKeys = {
  all: ['invites'] as const,
  mine: ['invites', 'mine'] as const,
  people: ['invites', 'people'] as const,
};
