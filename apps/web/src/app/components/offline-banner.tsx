import { offlineBanner, useOfflineState } from '../../lib/offline-queue';
import './offline-banner.css';

/** The offline/sync strip at the top (docs/product/offline-queue.md); hidden when all is well. */
export function OfflineBanner() {
  // Two strings, not the object: a selector must return what compares equal when unchanged.
  const text = useOfflineState((state) => offlineBanner(state)?.text ?? null);
  const tone = useOfflineState((state) => offlineBanner(state)?.tone ?? null);
  return (
    <div className="offline-banner-region" role="status" aria-live="polite">
      {text && tone && (
        <p className={`offline-banner offline-banner--${tone}`} data-testid="offline-banner">
          {text}
        </p>
      )}
    </div>
  );
}
