import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { IconChevronRight, IconMoon, IconSun } from '../../../components/ui/icons';
import { AccountState } from '../../../components/ui/account-state';
import { UserIdentity } from '../../../components/ui/user-identity';
import { useAccount } from '../../../lib/auth/use-account';
import { useSignOut } from '../../../lib/auth/use-sign-out';
import { setTheme, useTheme } from '../../../lib/theme';
import { usePageTitle } from '../../../lib/use-page-title';
import { DaySettingsCard } from '../components/day-settings-card';
import '../../../components/ui/switch-field.css';
import './settings-page.css';

/** Every settings screen, each saying what it holds. */
const SECTIONS: ReadonlyArray<{ to: string; label: string; hint?: string }> = [
  { to: '/settings/profile', label: 'Edit profile', hint: 'Name, bio, photo, voice intro, halo' },
  { to: '/settings/interests', label: 'Interests', hint: 'What you are into, on your profile' },
  {
    to: '/settings/privacy',
    label: 'Privacy',
    hint: 'Private profile, stats, messages, your vibers, devices, password',
  },
  {
    to: '/settings/notifications',
    label: 'Notifications',
    hint: 'What you hear about, in the app and as push; the daily reminder',
  },
  {
    to: '/settings/accessibility',
    label: 'Accessibility',
    hint: 'Transcripts of voice notes',
  },
  {
    to: '/settings/blocked-users',
    label: 'Blocked users',
    hint: 'People you blocked, and unblocking them',
  },
  {
    to: '/settings/support-tier',
    label: 'Support tier',
    hint: 'Your tier, its limits, and supporting Doers',
  },
  { to: '/settings/your-data', label: 'Your data', hint: 'Download a copy of everything you made' },
  { to: '/settings/reports', label: 'Your reports', hint: 'What you reported, and what was done' },
  { to: '/settings/help', label: 'Help' },
  { to: '/settings/terms', label: 'Terms of Service' },
  { to: '/settings/privacy-policy', label: 'Privacy Policy' },
];

export function SettingsPage() {
  usePageTitle('Settings');
  const query = useAccount();
  const theme = useTheme();
  const { signOut, isSigningOut } = useSignOut();
  const account = query.data;

  return (
    <div className="page">
      <h1 className="page__title">Settings</h1>
      {account ? (
        <section className="card" aria-label="Account">
          <UserIdentity
            displayName={account.displayName}
            username={account.username}
            isFounder={account.isFounder}
            pictureUrl={account.profilePictureUrl}
            ringColor={account.profile.colorTheme}
            haloIntensity={account.profile.haloIntensity}
          />
          <p className="muted settings__email">{account.email}</p>
        </section>
      ) : (
        <AccountState query={query} />
      )}

      <section className="card" aria-labelledby="appearance-title">
        <h2 id="appearance-title" className="card__title">
          Appearance
        </h2>
        {/* One toggle, not a pair of options: a single press always changes something. */}
        <button
          type="button"
          className="switch-row"
          aria-pressed={theme === 'dark'}
          onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
        >
          {theme === 'dark' ? <IconMoon size={22} /> : <IconSun size={22} />}
          <span className="switch-row__text">
            <span className="switch-row__label">Dark theme</span>
            <span className="switch-row__hint">{theme === 'dark' ? 'On' : 'Off'}</span>
          </span>
          <span className="switch" aria-hidden="true">
            <span className="switch__thumb" />
          </span>
        </button>
      </section>

      <DaySettingsCard />

      <nav className="card link-list" aria-label="Settings sections">
        {[
          ...(account?.founder.permissions.moderationTools
            ? [{ to: '/moderation', label: 'Moderation', hint: 'Open reports and the audit log' }]
            : []),
          ...SECTIONS,
        ].map((section) => (
          <Link key={section.to} to={section.to} className="link-list__item">
            <span className="link-list__text">
              <span>{section.label}</span>
              {section.hint && <span className="link-list__hint">{section.hint}</span>}
            </span>
            <IconChevronRight size={20} />
          </Link>
        ))}
      </nav>

      <Button variant="danger" block loading={isSigningOut} onClick={() => void signOut()}>
        Sign out
      </Button>
      <p className="muted app-version">
        Doers {__APP_VERSION__} · build {__BUILD_ID__}
      </p>
    </div>
  );
}
