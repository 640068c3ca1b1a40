import { Button, ButtonLink } from '../../../components/ui/button';
import { IconQr, IconSettings } from '../../../components/ui/icons';
import { AccountState } from '../../../components/ui/account-state';
import { UserIdentity } from '../../../components/ui/user-identity';
import { useAccount } from '../../../lib/auth/use-account';
import { useSignOut } from '../../../lib/auth/use-sign-out';
import { usePageTitle } from '../../../lib/use-page-title';
import './profile-page.css';

export function ProfilePage() {
  usePageTitle('Profile');
  const query = useAccount();
  const { signOut, isSigningOut } = useSignOut();
  const account = query.data;
  if (!account) return <AccountState query={query} />;

  const { stats } = account;
  const figures = [
    { label: 'Current streak', value: stats.currentStreak },
    { label: 'Active quests', value: stats.activeQuests },
    { label: 'Vibers', value: stats.totalVibers },
  ];
  const questLimit = account.limits.quests;
  const tier = account.supporterTier.charAt(0).toUpperCase() + account.supporterTier.slice(1);

  return (
    <div className="page">
      <h1 className="sr-only">Your profile</h1>
      <section className="card profile-card">
        <UserIdentity
          size="lg"
          displayName={account.displayName}
          username={account.username}
          isFounder={account.isFounder}
          pictureUrl={account.profilePictureUrl}
          ringColor={account.profile.colorTheme}
        />
        <dl className="stat-row">
          {figures.map((figure) => (
            <div key={figure.label} className="stat-row__item">
              <dt>{figure.label}</dt>
              <dd>{figure.value}</dd>
            </div>
          ))}
        </dl>
        <p className="muted profile-card__meta">
          {account.isFounder ? 'Founder' : 'Member'} · {tier} tier · up to {questLimit} active{' '}
          {questLimit === 1 ? 'quest' : 'quests'}
        </p>
        <div className="button-row">
          <ButtonLink to="/settings" variant="secondary" icon={<IconSettings size={20} />}>
            Settings
          </ButtonLink>
          <ButtonLink to="/qr-code" variant="secondary" icon={<IconQr size={20} />}>
            My QR code
          </ButtonLink>
        </div>
      </section>
      <section className="card subtle-card">
        <h2 className="card__title">More of you, soon</h2>
        <p className="muted">
          Your voice intro, interests, badges, posts and quests will appear here as those parts of
          Doers are built.
        </p>
      </section>
      <Button variant="danger" block loading={isSigningOut} onClick={() => void signOut()}>
        Sign out
      </Button>
    </div>
  );
}
