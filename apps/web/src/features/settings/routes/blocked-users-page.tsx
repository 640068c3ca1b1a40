import { usePageTitle } from '../../../lib/use-page-title';
import { BlockedUsersList } from '../components/blocked-users-list';
import { SettingsBackLink } from '../../../components/ui/settings-back-link';

/** /settings/blocked-users: the people I blocked, and unblocking them. */
export function BlockedUsersPage() {
  usePageTitle('Blocked users');
  return (
    <div className="page">
      <SettingsBackLink />
      <h1 className="page__title">Blocked users</h1>
      <BlockedUsersList />
    </div>
  );
}
