import { useEffect, useState } from 'react';

/** Cards rendered with the first page: a phone's screen shows two or three. */
const FIRST = 3;
/** Cards added per task after that, each task far shorter than the 50 ms a tap may wait. */
const STEP = 2;

let coldStart = true;

/**
 * How many of the feed's `total` cards to render now. On a cold start, rendering a whole page of
 * cards is one task of about half a second on a mid-range phone, and a tap in it waits: so the
 * first cards render with the page and the rest a few per task after it (the feed's reader is
 * still looking at the first). Once the feed has shown posts, later visits render everything at
 * once: a return from a post finds its place in a page already as long as it was.
 */
export function useRevealed(total: number): number {
  const [shown, setShown] = useState(() => (coldStart ? FIRST : Infinity));
  const some = total > 0;
  useEffect(() => {
    if (some) coldStart = false;
  }, [some]);
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => setShown((count) => count + STEP), 0);
    return () => clearTimeout(timer);
  }, [shown, total]);
  return Math.min(shown, total);
}
