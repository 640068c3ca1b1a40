import { Link } from 'react-router';
import { LeaderboardPrivacySection } from '../../leaderboard';
import { IconArrowLeft } from '../../../components/ui/icons';
import { usePageTitle } from '../../../lib/use-page-title';
import { ChangePasswordForm } from '../components/change-password-form';
import { SignedInDevices } from '../components/signed-in-devices';
import { VibersSection } from '../components/vibers-section';
import { WhoCanMessageSection } from '../components/who-can-message-section';
import './privacy-page.css';

/**
 * Privacy and security: where I am signed in, my password, who can message me, whether I show on
 * the leaderboard, and who vibes with me.
 */
export function PrivacyPage() {
  usePageTitle('Privacy');
  return (
    <div className="page">
      <Link to="/settings" className="settings__back">
        <IconArrowLeft size={18} />
        Settings
      </Link>
      <h1 className="page__title">Privacy</h1>
      <SignedInDevices />
      <ChangePasswordForm />
      <WhoCanMessageSection />
      <LeaderboardPrivacySection />
      <VibersSection />
    </div>
  );
}
