import { TIER_LIMITS } from '@doers/contract';
import { Button, ButtonLink } from '../../../components/ui/button';
import { IconQr, IconSettings } from '../../../components/ui/icons';
import { UserIdentity } from '../../../components/ui/user-identity';
import { useAuthStore } from '../../../lib/auth/use-auth-store';
import { useSignOut } from '../../../lib/auth/use-sign-out';
import { usePageTitle } from '../../../lib/use-page-title';

export function ProfilePage() {
  usePageTitle('Profile');
  const user = useAuthStore((state) => state.user);
  const account = useAuthStore((state) => state.account);
  const { signOut, isSigningOut } = useSignOut();
  if (!user) return null; // the shell only renders this for a signed-in person

  const stats = account?.stats;
  const figures = [
    { label: 'Current streak', value: stats?.currentStreak ?? 0 },
    { label: 'Active quests', value: stats?.activeQuests ?? 0 },
    { label: 'Vibers', value: stats?.totalVibers ?? 0 },
  ];
  const questLimit = account?.limits.quests ?? TIER_LIMITS[user.supporterTier].quests;
  const tier = user.supporterTier.charAt(0).toUpperCase() + user.supporterTier.slice(1);

  return (
    <div className="page">
      <h1 className="sr-only">Your profile</h1>
      <section className="card profile-card">
        <UserIdentity
          size="lg"
          displayName={user.displayName}
          username={user.username}
          isFounder={user.isFounder}
          pictureUrl={account?.profilePictureUrl}
          ringColor={account?.profile.colorTheme}
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
          {user.isFounder ? 'Founder' : 'Member'} · {tier} tier · up to {questLimit} active{' '}
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
