import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { IosInstallSteps } from '../../../components/install/ios-install-steps';
import { Button } from '../../../components/ui/button';
import {
  isIos,
  isStandalone,
  promptInstall,
  useCanPromptInstall,
} from '../../../lib/install-prompt';
import { getLocalStorage } from '../../../lib/storage';
import {
  INSTALL_BANNER_DELAY_IOS_MS,
  INSTALL_BANNER_DELAY_MS,
  INSTALL_DISMISSED_KEY,
  showsInstallBanner,
} from '../lib/install-banner-rules';
import './install-banner.css';

/** Offers installing Doers: Chromium's own prompt, or on iOS the three steps. */
export function InstallBanner() {
  const { pathname } = useLocation();
  const canPrompt = useCanPromptInstall();
  // Read once: neither changes while the page is open.
  const [ios] = useState(isIos);
  const [openedAt] = useState(() => Date.now());
  const [offered, setOffered] = useState(false);
  const [dismissed, setDismissed] = useState(() =>
    getLocalStorage().getItem(INSTALL_DISMISSED_KEY),
  );

  useEffect(() => {
    if (!canPrompt && !ios) return;
    const delay = ios && !canPrompt ? INSTALL_BANNER_DELAY_IOS_MS : INSTALL_BANNER_DELAY_MS;
    const timer = setTimeout(() => setOffered(true), delay);
    return () => clearTimeout(timer);
  }, [canPrompt, ios]);

  const visible = showsInstallBanner({
    standalone: isStandalone(),
    path: pathname,
    dismissed,
    now: openedAt,
    offered: offered && (canPrompt || ios),
  });
  if (!visible) return null;

  const dismiss = (value: string) => {
    getLocalStorage().setItem(INSTALL_DISMISSED_KEY, value);
    setDismissed(value);
  };

  return (
    <section className="install-banner" aria-labelledby="install-banner-title">
      <h2 id="install-banner-title" className="install-banner__title">
        Install Doers
      </h2>
      {ios && !canPrompt ? (
        <IosInstallSteps />
      ) : (
        <p className="install-banner__text">
          Keep your quests one tap away, and record even when the network drops.
        </p>
      )}
      <div className="install-banner__actions">
        {canPrompt && (
          <Button
            onClick={() => {
              void promptInstall().then((outcome) => {
                if (outcome === 'accepted') dismiss('never');
              });
            }}
          >
            Install Now
          </Button>
        )}
        <Button variant="secondary" onClick={() => dismiss(String(Date.now()))}>
          Maybe later
        </Button>
        <Button variant="ghost" onClick={() => dismiss('never')}>
          Don&apos;t show again
        </Button>
      </div>
    </section>
  );
}
