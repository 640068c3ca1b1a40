import { Button, ButtonLink } from '../../../components/ui/button';
import { IconEdit, IconQr, IconSettings } from '../../../components/ui/icons';
import { ErrorState } from '../../../components/ui/state-panels';
import { errorMessage } from '../../../lib/api-error';
import { useAccount } from '../../../lib/auth/use-account';
import { useSignOut } from '../../../lib/auth/use-sign-out';
import { usePageTitle } from '../../../lib/use-page-title';
import { ProfileSkeleton, ProfileView } from '../components/profile-view';
import { PROFILE_TUTORIAL_MARKERS } from '../lib/tutorial-markers';
import './profile-page.css';

/** /profile: my own profile, as others see it, with the ways to change it. */
export function ProfilePage() {
  usePageTitle('Profile');
  const query = useAccount();
  const { signOut, isSigningOut } = useSignOut();
  const account = query.data;

  if (!account) {
    return (
      <div className="page">
        <h1 className="sr-only">Your profile</h1>
        {query.isError ? (
          <ErrorState
            title="Your profile did not load"
            message={errorMessage(query.error, 'Something went wrong')}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <ProfileSkeleton label="Loading your profile" />
        )}
      </div>
    );
  }

  const questLimit = account.limits.quests;
  const tier = account.supporterTier.charAt(0).toUpperCase() + account.supporterTier.slice(1);

  return (
    <div className="page">
      <h1 className="sr-only">Your profile</h1>
      <ProfileView
        person={account}
        isOwn
        actions={
          <>
            <ButtonLink
              to="/settings/profile"
              block
              icon={<IconEdit size={20} />}
              data-tutorial={PROFILE_TUTORIAL_MARKERS.editProfileButton}
            >
              Edit profile
            </ButtonLink>
            <div className="button-row">
              <ButtonLink to="/settings" variant="secondary" icon={<IconSettings size={20} />}>
                Settings
              </ButtonLink>
              <ButtonLink to="/qr-code" variant="secondary" icon={<IconQr size={20} />}>
                My QR code
              </ButtonLink>
            </div>
          </>
        }
      />
      <p className="muted profile-page__meta">
        {account.isFounder ? 'Founder' : 'Member'} · {tier} tier · up to {questLimit} active{' '}
        {questLimit === 1 ? 'quest' : 'quests'}
      </p>
      <Button variant="danger" block loading={isSigningOut} onClick={() => void signOut()}>
        Sign out
      </Button>
    </div>
  );
}
