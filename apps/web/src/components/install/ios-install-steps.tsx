import { IconShare, IconSquarePlus } from '../ui/icons';
import './ios-install-steps.css';

/** Safari on iOS has no install prompt: the three steps of Add to Home Screen. */
export function IosInstallSteps() {
  return (
    <ol className="install-steps" aria-label="Add Doers to your Home Screen">
      <li>
        <span className="install-steps__icon">
          <IconShare size={20} />
        </span>
        Tap the <strong>Share</strong> button in Safari's toolbar.
      </li>
      <li>
        <span className="install-steps__icon">
          <IconSquarePlus size={20} />
        </span>
        Scroll down and tap <strong>Add to Home Screen</strong>.
      </li>
      <li>
        <span className="install-steps__icon install-steps__icon--text">Add</span>
        Tap <strong>Add</strong> in the top corner. Doers is now on your Home Screen.
      </li>
    </ol>
  );
}
