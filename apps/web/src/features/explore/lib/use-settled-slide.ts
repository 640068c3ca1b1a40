import { useEffect, useState } from 'react';

/** How much of a slide must show for it to count as the one on screen. */
export const SETTLE_VISIBLE = 0.7;
/** How long it must stay there before its voice starts: a swipe passing by plays nothing. */
export const SETTLE_DELAY_MS = 400;

/**
 * Which slide of a scroll-snapped list is on screen (at least SETTLE_VISIBLE of it), and which one
 * has settled there (stayed SETTLE_DELAY_MS). Slides carry `data-slide-index`; `count` makes new
 * slides observed as pages arrive.
 */
export function useSettledSlide(root: HTMLElement | null, count: number) {
  const [visible, setVisible] = useState(0);
  const [settled, setSettled] = useState<number | null>(null);

  useEffect(() => {
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.intersectionRatio < SETTLE_VISIBLE) continue;
          const index = Number((entry.target as HTMLElement).dataset['slideIndex']);
          if (Number.isInteger(index)) {
            setVisible(index);
          }
        }
      },
      { root, threshold: [0, SETTLE_VISIBLE, 1] },
    );
    root.querySelectorAll('[data-slide-index]').forEach((slide) => observer.observe(slide));
    return () => observer.disconnect();
  }, [root, count]);

  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(visible), SETTLE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [visible]);

  // Until the timer fires for the slide now visible, nothing has settled.
  return { visible, settled: settled === visible ? settled : null };
}
