import { useEffect, useState } from 'react';

/** The current time, refreshed every `everyMs`, so "5m" on a card becomes "6m" on its own. */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
