import { useEffect, useState } from 'react';

/**
 * The cards of the feed's first draw. One: that draw is the longest task of a cold start (the
 * whole shell with it), each card adds to it, and the next arrives a frame later.
 */
export const FIRST_DRAW_CARDS = 1;

let firstDrawDone = false;

/**
 * How many of the feed's `total` cards to draw now. The first time the feed draws in a page load
 * (a cold start, with a page of twenty posts), the first card, then one more a task: drawing
 * twenty cards and laying them out at once kept a phone from answering a tap for well over a
 * second, and the first posts painted only after the last. Ever after (back to the feed, more
 * pages, newer posts on top) every card at once, so a restored scroll position finds the list
 * whole and nothing below the reader is drawn again.
 */
export function useDrawnCount(total: number): number {
  const [drawn, setDrawn] = useState(FIRST_DRAW_CARDS);
  const progressive = !firstDrawDone;
  useEffect(() => {
    if (firstDrawDone || total === 0) return;
    if (drawn >= total) {
      firstDrawDone = true;
      return;
    }
    const timer = setTimeout(() => setDrawn((count) => count + 1), 0);
    return () => clearTimeout(timer);
  }, [drawn, total]);
  return progressive ? Math.min(drawn, total) : total;
}

/** Tests start from a fresh page load. */
export function forgetFirstDraw(): void {
  firstDrawDone = false;
}
