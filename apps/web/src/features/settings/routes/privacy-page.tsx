import { LeaderboardPrivacySection } from '../../leaderboard';
import { SettingsBackLink } from '../../../components/ui/settings-back-link';
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
      <SettingsBackLink />
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
