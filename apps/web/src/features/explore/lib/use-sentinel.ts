import { useEffect, useRef } from 'react';

/**
 * A ref for an element near the end of a list: `onVisible` runs when it comes within `margin` of
 * the viewport (or of `root`), to load the next page before the reader gets there.
 */
export function useSentinel<T extends Element>(
  enabled: boolean,
  onVisible: () => void,
  options: { root?: Element | null; margin?: string; deps?: unknown } = {},
) {
  const ref = useRef<T>(null);
  const latest = useRef(onVisible);
  useEffect(() => {
    latest.current = onVisible;
  });
  const { root = null, margin = '600px', deps } = options;
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { root, rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, root, margin, deps]);
  return ref;
}
