/**
 * docs/product/accounts-and-sessions.md: the username input is forced to lowercase, spaces removed,
 * only a-z, 0-9 and _ kept.
 */
export function normalizeUsername(input: string): string {
  return input.toLowerCase().replace(/[^a-z0-9_]/g, '');
}
