import { useEffect, useState } from 'react';
import { nextHeaderHidden } from '../layouts/shell-rules';

/** True while the header should be slid away; always false when `enabled` is false. */
export function useHideOnScroll(enabled: boolean, pathname: string): boolean {
  // Remembering the path it applies to resets it on navigation without an effect.
  const [hiddenOn, setHiddenOn] = useState<string | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let lastY = window.scrollY;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const y = window.scrollY;
        // Read before the update: React may run the updater later, after lastY has moved on.
        const previous = lastY;
        lastY = y;
        setHiddenOn((current) =>
          nextHeaderHidden(previous, y, current === pathname) ? pathname : null,
        );
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [enabled, pathname]);

  return enabled && hiddenOn === pathname;
}
