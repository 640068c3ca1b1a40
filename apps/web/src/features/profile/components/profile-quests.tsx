import type { PublicUser } from '@doers/contract';
import { Link } from 'react-router';
import { ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { errorMessage } from '../../../lib/api-error';
import { useMyActiveQuests } from '../api/profile-api';

/** My active quests, each a link to its page. */
function MyQuests() {
  const query = useMyActiveQuests();
  if (query.isPending) return <SkeletonList count={2} variant="row" label="Loading your quests" />;
  if (query.isError) {
    return (
      <ErrorState
        title="Your quests did not load"
        message={errorMessage(query.error, 'Something went wrong')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const quests = query.data.items;
  if (quests.length === 0) {
    return (
      <p className="muted">
        No active quest. <Link to="/quests/create">Start one</Link>.
      </p>
    );
  }
  return (
    <ul className="profile-quests" aria-label="Active quests">
      {quests.map((quest) => (
        <li key={quest.id}>
          <Link to={`/quests/${quest.id}`} className="profile-quests__item">
            <span className="profile-quests__emoji" aria-hidden="true">
              {quest.emoji}
            </span>
            <span className="profile-quests__title">{quest.title}</span>
            {quest.viewer && (
              <span className="muted profile-quests__streak">
                {quest.viewer.currentStreak}-day streak
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The quests part of a profile. Mine come from my quest list; the server has no list of another
 * person's quests yet, so their profile says how many are active and where to find them.
 */
export function ProfileQuests({ person, isOwn }: { person: PublicUser; isOwn: boolean }) {
  const active = person.stats.activeQuests;
  return (
    <section className="card" aria-labelledby="quests-title">
      <div className="profile-section__head">
        <h2 id="quests-title" className="card__title">
          Quests
        </h2>
        {isOwn && (
          <Link to="/quests" className="profile-section__link">
            All<span className="sr-only"> your quests</span>
          </Link>
        )}
      </div>
      {isOwn ? (
        <MyQuests />
      ) : (
        <p className="muted">
          {active === 0
            ? 'No active quest right now.'
            : `${active} active ${active === 1 ? 'quest' : 'quests'}.`}{' '}
          A quest they share with you opens from its link; a list of their quests will show here
          later.
        </p>
      )}
    </section>
  );
}
