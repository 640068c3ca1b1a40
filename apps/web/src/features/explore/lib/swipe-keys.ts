/** Keys that move the swipe feed: +1 to the next (older) post, -1 to the previous one. */
export function swipeStep(event: {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  defaultPrevented: boolean;
  target: EventTarget | null;
}): 1 | -1 | 0 {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return 0;
  // Controls that use the arrows themselves keep them: the voice player's seek bar, fields.
  const target = event.target as HTMLElement | null;
  if (
    target?.closest?.('input, textarea, select, [role="slider"], [contenteditable="true"], video')
  )
    return 0;
  if (event.key === 'ArrowDown' || event.key === 'PageDown') return 1;
  if (event.key === 'ArrowUp' || event.key === 'PageUp') return -1;
  return 0;
}
