import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { errorMessage } from '../../../lib/api-error';
import { selectSignedInUserId, useAuthStore } from '../../../lib/auth/use-auth-store';
import { useReactors } from '../api/use-post';

const TITLES = { smiles: 'Smiled by', hums: 'Hummed by' } as const;
const NONE = { smiles: 'No smiles yet.', hums: 'No hums yet.' } as const;

/** "Smiled by" or "Hummed by": the people, newest first, as avatars with their names. */
export function ReactorsSection({
  postId,
  kind,
  count,
}: {
  postId: string;
  kind: 'smiles' | 'hums';
  count: number;
}) {
  const reactors = useReactors(kind, postId, count);
  const myId = useAuthStore(selectSignedInUserId);
  // The post's count is the newer word: nobody left (an undone smile) means nobody listed.
  const none = count === 0;
  const people = none ? [] : (reactors.data?.pages.flatMap((page) => page.items) ?? []);
  const titleId = `${kind}-title`;

  return (
    <section className="card reactors" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {TITLES[kind]}
        {count > 0 ? ` (${count})` : ''}
      </h2>
      {!none && reactors.isPending && (
        <SkeletonList count={1} variant="row" label={`Loading ${kind}`} />
      )}
      {!none && reactors.isError && (
        <ErrorState
          title={`${TITLES[kind]} did not load`}
          message={errorMessage(reactors.error, 'Something went wrong')}
          onRetry={() => void reactors.refetch()}
          retrying={reactors.isFetching}
        />
      )}
      {(none || (reactors.isSuccess && people.length === 0)) && (
        <p className="muted">{NONE[kind]}</p>
      )}
      {people.length > 0 && (
        <ul className="reactors__list">
          {people.map(({ user }) => {
            const name = user.displayName || `@${user.username}`;
            return (
              <li key={user.id}>
                <Link to={user.id === myId ? '/profile' : `/users/${user.id}`} className="reactor">
                  <Avatar name={name} src={user.profilePictureUrl} size={36} />
                  <span className="reactor__name">{name}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {!none && <LoadMoreButton query={reactors} label={`More ${kind}`} variant="ghost" />}
    </section>
  );
}
