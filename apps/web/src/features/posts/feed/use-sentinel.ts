import { useEffect, useRef } from 'react';

/**
 * Calls `onVisible` when the returned element scrolls into view (with a margin, so the next page
 * is on its way before the end shows): infinite scroll without a scroll listener.
 */
export function useSentinel<T extends Element>(
  enabled: boolean,
  onVisible: () => void,
  /** Changes when a page arrived: observing again reports a sentinel still in view. */
  generation = 0,
) {
  const ref = useRef<T>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  }, [onVisible]);

  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, generation]);

  return ref;
}
