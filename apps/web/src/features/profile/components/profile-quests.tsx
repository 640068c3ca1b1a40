import type { PublicUser, Quest } from '@doers/contract';
import { Link } from 'react-router';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { errorMessage } from '../../../lib/api-error';
import { useMyActiveQuests, useUserQuests } from '../api/profile-api';

/** Quests as links to their pages; my streak on each when I am on it. */
function QuestLinks({ quests, label }: { quests: Quest[]; label: string }) {
  return (
    <ul className="profile-quests" aria-label={label}>
      {quests.map((quest) => (
        <li key={quest.id}>
          <Link to={`/quests/${quest.id}`} className="profile-quests__item">
            <span className="profile-quests__emoji" aria-hidden="true">
              {quest.emoji}
            </span>
            <span className="profile-quests__title">{quest.title}</span>
            {quest.viewer?.role && (
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
 * Their active quests that I may see: public ones, and vibers-only ones while we vibe mutually
 * (or I am on them); never a private one.
 */
function TheirQuests({ person }: { person: PublicUser }) {
  const query = useUserQuests(person.id);
  const name = person.displayName || `@${person.username}`;
  if (query.isPending) return <SkeletonList count={2} variant="row" label="Loading quests" />;
  if (query.isError) {
    return (
      <ErrorState
        title="Their quests did not load"
        message={errorMessage(query.error, 'Something went wrong')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const quests = query.data.pages.flatMap((page) => page.items);
  if (quests.length === 0) {
    return (
      <p className="muted">
        No active quest you can see. {name} may keep some private or for mutual vibers only.
      </p>
    );
  }
  return (
    <>
      <QuestLinks quests={quests} label={`${name}'s active quests`} />
      <LoadMoreButton query={query} label="More quests" />
    </>
  );
}

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
  return <QuestLinks quests={quests} label="Active quests" />;
}

/** The quests part of a profile: mine from my quest list, someone else's from theirs. */
export function ProfileQuests({ person, isOwn }: { person: PublicUser; isOwn: boolean }) {
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
      {isOwn ? <MyQuests /> : <TheirQuests person={person} />}
    </section>
  );
}
