import { useEffect, useRef, useState } from 'react';
import { canStartPull, pullDistance, shouldRefresh } from '../lib/pull-to-refresh';

/**
 * Touch only: a finger pulling down from the top of the page shows the indicator; released past
 * the threshold it calls `onRefresh` and shows the spinner until that settles.
 */
export function usePullToRefresh(onRefresh: () => Promise<unknown>) {
  const [distance, setDistance] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const start = useRef<number | null>(null);
  const current = useRef(0);
  const busy = useRef(false);
  const refresh = useRef(onRefresh);
  useEffect(() => {
    refresh.current = onRefresh;
  }, [onRefresh]);

  useEffect(() => {
    // The browser's own pull-to-refresh would reload the whole app instead.
    const root = document.documentElement;
    const overscroll = root.style.overscrollBehaviorY;
    root.style.overscrollBehaviorY = 'contain';
    const onStart = (event: TouchEvent) => {
      if (busy.current || event.touches.length !== 1) return;
      const scrollTop = document.scrollingElement?.scrollTop ?? window.scrollY;
      start.current = canStartPull(scrollTop) ? event.touches[0]!.clientY : null;
    };
    const onMove = (event: TouchEvent) => {
      if (start.current === null) return;
      current.current = pullDistance(event.touches[0]!.clientY - start.current);
      setDistance(current.current);
    };
    const onEnd = () => {
      if (start.current === null) return;
      start.current = null;
      const pulled = current.current;
      current.current = 0;
      setDistance(0);
      if (!shouldRefresh(pulled)) return;
      busy.current = true;
      setRefreshing(true);
      void refresh.current().finally(() => {
        busy.current = false;
        setRefreshing(false);
      });
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd);
    window.addEventListener('touchcancel', onEnd);
    return () => {
      root.style.overscrollBehaviorY = overscroll;
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  return { distance, refreshing };
}
