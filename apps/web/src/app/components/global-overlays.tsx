import { Suspense } from 'react';
import { UpdatePrompt } from '../../features/app-update';
import { InstallBanner } from '../../features/install-banner';
import { TutorialOverlay } from '../../features/tutorials';
import { selectSignedInUserId, useAuthStore } from '../../lib/auth/use-auth-store';
import { useFirstScreenPainted } from '../../lib/first-screen';
import { OfflineBanner } from './offline-banner';

/**
 * The app-wide overlays of docs/product/app-shell.md that sit above every screen, signed in or
 * not: each one decides for itself when it shows (path, state, timing).
 */
export function GlobalOverlays() {
  const signedIn = useAuthStore(selectSignedInUserId) !== null;
  const painted = useFirstScreenPainted();
  return (
    <>
      <OfflineBanner />
      <UpdatePrompt />
      <InstallBanner />
      {/* Tutorials are for signed-in screens only, once the first has painted. */}
      {signedIn && painted && (
        <Suspense fallback={null}>
          <TutorialOverlay />
        </Suspense>
      )}
    </>
  );
}
