import { Link } from 'react-router';
import { LeaderboardPrivacySection } from '../../leaderboard';
import { IconArrowLeft } from '../../../components/ui/icons';
import { usePageTitle } from '../../../lib/use-page-title';
import { BlockingSection } from '../components/blocking-section';
import { ChangePasswordForm } from '../components/change-password-form';
import { ProfilePrivacySection } from '../components/profile-privacy-section';
import { SignedInDevices } from '../components/signed-in-devices';
import { VibersOnlySection } from '../components/vibers-only-section';
import { VibersSection } from '../components/vibers-section';
import { WhoCanMessageSection } from '../components/who-can-message-section';
import './privacy-page.css';

/**
 * Privacy and security: where I am signed in, my password, who sees my profile and stats, who
 * can message me, whether I show on the leaderboard, what vibers-only means and who vibes with
 * me, and the way to the people I blocked.
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
      <ProfilePrivacySection />
      <WhoCanMessageSection />
      <LeaderboardPrivacySection />
      <VibersOnlySection />
      <VibersSection />
      <BlockingSection />
    </div>
  );
}
