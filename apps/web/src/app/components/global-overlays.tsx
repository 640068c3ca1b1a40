import { UpdatePrompt } from '../../features/app-update';
import { InstallBanner } from '../../features/install-banner';
import { TutorialOverlay } from '../../features/tutorials';
import { OfflineBanner } from './offline-banner';

/**
 * The app-wide overlays of docs/product/app-shell.md that sit above every screen, signed in or
 * not: each one decides for itself when it shows (path, state, timing).
 */
export function GlobalOverlays() {
  return (
    <>
      <OfflineBanner />
      <UpdatePrompt />
      <InstallBanner />
      <TutorialOverlay />
    </>
  );
}
