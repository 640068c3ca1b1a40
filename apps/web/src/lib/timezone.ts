/**
 * The user's IANA zone for the X-Timezone header; streak days are counted in it
 * (docs/product/check-ins-and-streaks.md).
 */
export function getTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
