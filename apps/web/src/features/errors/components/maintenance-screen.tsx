import { MAINTENANCE_RETRY_S } from '@doers/contract';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LogoMark } from '../../../components/ui/logo';
import { usePageTitle } from '../../../lib/use-page-title';
import './system-screen.css';

/**
 * Five friendly titles (docs/product/app-shell.md); the theme: a good moment to go offline and be
 * human.
 */
export const MAINTENANCE_TITLES = [
  'Taking a quick breather',
  'Back soon. Go be human for a minute',
  'Brief maintenance break',
  'Stretching our legs',
  'Out for a short walk',
] as const;

const SUGGESTIONS = 'Drink some water, stretch, call a friend. Your streak is safe with us.';

/** Reload with a cache-busting parameter, so a stale cached shell cannot bring us back here. */
export function reloadFresh(): void {
  const url = new URL(window.location.href);
  url.searchParams.set('_r', Date.now().toString(36));
  window.location.replace(url.toString());
}

interface MaintenanceScreenProps {
  /** Render errors pass a reset; without one the page reloads (docs/product/app-shell.md). */
  onRetry?: () => void;
  seconds?: number;
}

export function MaintenanceScreen({
  onRetry,
  seconds = MAINTENANCE_RETRY_S,
}: MaintenanceScreenProps) {
  usePageTitle('Back soon');
  const [title] = useState(
    () => MAINTENANCE_TITLES[Math.floor(Math.random() * MAINTENANCE_TITLES.length)],
  );
  const [remaining, setRemaining] = useState(seconds);
  const retryRef = useRef(onRetry ?? reloadFresh);

  useEffect(() => {
    retryRef.current = onRetry ?? reloadFresh;
  }, [onRetry]);

  useEffect(() => {
    const timer = setInterval(() => setRemaining((value) => Math.max(0, value - 1)), 1000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (remaining === 0) retryRef.current();
  }, [remaining]);

  return (
    <main id="main" className="system-screen">
      <div className="system-screen__card card">
        <span className="system-screen__mark">
          <LogoMark size={56} />
        </span>
        <h1 className="system-screen__title">{title}</h1>
        <p className="system-screen__lead">
          Doers is offline for a moment. A perfect excuse to go offline and be human too.
        </p>
        <p className="muted">{SUGGESTIONS}</p>
        <p className="system-screen__countdown" aria-live="off">
          Automatically retrying in {remaining}s
        </p>
        <Button block onClick={() => retryRef.current()}>
          Try Again Now
        </Button>
        <p className="muted system-screen__small">
          If this keeps happening, we're probably making things better. Check back in a few minutes.
        </p>
      </div>
    </main>
  );
}
