import { useEffect, useState } from 'react';

export interface Rect {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** The spotlight's padding around its element (spec: 8 px). */
export const SPOTLIGHT_PADDING = 8;

function measure(element: Element): Rect {
  const box = element.getBoundingClientRect();
  return {
    top: box.top - SPOTLIGHT_PADDING,
    left: box.left - SPOTLIGHT_PADDING,
    width: box.width + SPOTLIGHT_PADDING * 2,
    height: box.height + SPOTLIGHT_PADDING * 2,
  };
}

const same = (a: Rect | null, b: Rect | null) =>
  a === b ||
  (!!a &&
    !!b &&
    a.top === b.top &&
    a.left === b.left &&
    a.width === b.width &&
    a.height === b.height);

/**
 * Where the element marked `data-tutorial="<marker>"` is on screen, padded, kept current on
 * resize and scroll (any scroller: capture), and looked for again while it is missing (a screen
 * still loading). Brought into view once when found.
 */
export function useTargetRect(marker: string | null, key: string): Rect | null {
  const [rect, setRect] = useState<Rect | null>(null);
  useEffect(() => {
    let scrolled = false;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const element = marker ? document.querySelector(`[data-tutorial="${marker}"]`) : null;
        if (element && !scrolled) {
          scrolled = true;
          element.scrollIntoView({ block: 'center', behavior: 'instant' });
        }
        const next = element ? measure(element) : null;
        setRect((current) => (same(current, next) ? current : next));
      });
    };
    update();
    const poll = setInterval(update, 400);
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, true);
    return () => {
      cancelAnimationFrame(frame);
      clearInterval(poll);
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, true);
    };
  }, [marker, key]);
  return rect;
}
