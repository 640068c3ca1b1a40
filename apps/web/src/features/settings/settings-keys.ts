/** The query keys of the settings screen. */
export const settingsKeys = {
  restDays: ['settings', 'rest-days'] as const,
};
