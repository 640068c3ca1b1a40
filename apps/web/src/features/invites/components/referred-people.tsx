import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { FounderStar } from '../../../components/ui/founder-star';
import { IconUsers } from '../../../components/ui/icons';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { EmptyState, ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { errorMessage } from '../../../lib/api-error';
import { useReferredPeople } from '../api/invites-api';
import { formatDate } from '../../../lib/dates';

const joinedOn = (iso: string) => formatDate(iso, 'date');

/** Everyone who joined Doers with my code, newest first. */
export function ReferredPeople() {
  const query = useReferredPeople();
  if (query.isPending) return <SkeletonList count={2} variant="row" label="Loading who joined" />;
  if (query.isError) {
    return (
      <ErrorState
        title="Who joined did not load"
        message={errorMessage(query.error, 'Something went wrong')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const people = query.data.pages.flatMap((page) => page.items);
  if (people.length === 0) {
    return (
      <EmptyState icon={<IconUsers size={32} />} title="Nobody yet" level={3} compact>
        <p>Show your QR code or send your link: the people who join with it show up here.</p>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="referred-list" aria-label="People you invited">
        {people.map(({ user, joinedAt }) => (
          <li key={user.id} className="referred-row">
            <Avatar name={user.displayName} src={user.profilePictureUrl} size={40} />
            <div>
              <p className="referred-row__name">
                <Link to={`/users/${user.id}`}>{user.displayName || `@${user.username}`}</Link>
                {user.isFounder && <FounderStar size={14} />}
              </p>
              <p className="referred-row__meta">
                @{user.username} · joined {joinedOn(joinedAt)}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <LoadMoreButton query={query} label="Show more" variant="ghost" />
    </>
  );
}
