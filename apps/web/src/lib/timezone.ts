/** The user's IANA zone for the X-Timezone header; streak days are counted in it (PRODUCT.md §4). */
export function getTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
