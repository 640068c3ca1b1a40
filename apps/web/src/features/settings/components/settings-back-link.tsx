import { Link } from 'react-router';
import { IconArrowLeft } from '../../../components/ui/icons';
import '../routes/privacy-page.css';

/** "← Settings" above a settings screen (the same link /settings/privacy draws). */
export function SettingsBackLink() {
  return (
    <Link to="/settings" className="settings__back">
      <IconArrowLeft size={18} />
      Settings
    </Link>
  );
}
