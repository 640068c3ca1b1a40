/** What a transcript's field says under it: how much more a note of this length may hold. */
export function charactersLeft(text: string, max: number): string {
  const left = max - text.trim().length;
  if (left >= 0) return `${left} ${left === 1 ? 'character' : 'characters'} left`;
  return `${-left} ${left === -1 ? 'character' : 'characters'} too many for this note's length`;
}
