import { Link } from 'react-router';
import { IconArrowLeft } from './icons';
import './settings-back-link.css';

/** "← Settings" above a settings screen, whichever feature draws it. */
export function SettingsBackLink() {
  return (
    <Link to="/settings" className="settings__back">
      <IconArrowLeft size={18} />
      Settings
    </Link>
  );
}
