import { Link } from 'react-router';
import { AccountState } from '../../../components/ui/account-state';
import { InterestChips } from '../../../components/ui/interest-chips';
import { useAccount } from '../../../lib/auth/use-account';
import { usePageTitle } from '../../../lib/use-page-title';
import { PROFILE_TUTORIAL_MARKERS } from '../../profile';
import { AvatarEditor } from '../components/avatar-editor';
import { SettingsBackLink } from '../../../components/ui/settings-back-link';
import { ProfileDetailsForm } from '../components/profile-details-form';
import { VoiceIntroEditor } from '../components/voice-intro-editor';
import './edit-profile-page.css';

/** /settings/profile: name, bio, halo, picture, voice intro; interests have their own page. */
export function EditProfilePage() {
  usePageTitle('Edit profile');
  const query = useAccount();
  const account = query.data;

  return (
    <div className="page">
      <SettingsBackLink />
      <h1 className="page__title">Edit profile</h1>
      {account ? (
        <>
          <ProfileDetailsForm account={account} />
          <AvatarEditor account={account} />
          <VoiceIntroEditor account={account} />
          <section
            className="card edit-profile__section"
            aria-labelledby="interests-title"
            data-tutorial={PROFILE_TUTORIAL_MARKERS.interests}
          >
            <div className="edit-profile__head">
              <h2 id="interests-title" className="card__title">
                Interests
              </h2>
              <Link to="/settings/interests" className="edit-profile__link">
                {account.interests.length > 0 ? 'Change' : 'Choose'}
                <span className="sr-only"> interests</span>
              </Link>
            </div>
            {account.interests.length > 0 ? (
              <InterestChips interests={account.interests} label="Your interests" />
            ) : (
              <p className="muted">None chosen yet.</p>
            )}
          </section>
          <Link to="/profile" className="edit-profile__view">
            See your profile
          </Link>
        </>
      ) : (
        <AccountState query={query} />
      )}
    </div>
  );
}
