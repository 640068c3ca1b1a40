import { useParams } from 'react-router';
import { UserIdentity } from '../../../../components/ui/user-identity';
import { selectSignedInUserId, useAuthStore } from '../../../../lib/auth/use-auth-store';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useSharedQuest } from '../api/use-sharing';
import { JoinPanel } from '../components/join-panel';
import { ParticipantsList } from '../components/participants-list';
import { QuestHeader } from '../../common/components/quest-header';
import { QuestQueryState } from '../../common/components/quest-query-state';
import './shared-quest-page.css';

/** The public face of a quest: readable signed out (public quests), with a way in. */
export function SharedQuestPage() {
  const { questId = '' } = useParams();
  const viewerId = useAuthStore(selectSignedInUserId);
  const query = useSharedQuest(questId, viewerId);
  const shared = query.data;
  usePageTitle(shared ? `${shared.quest.title} on Doers` : 'Shared quest');

  if (!shared) {
    return (
      <div className="page">
        <QuestQueryState query={query} backTo={viewerId ? '/quests' : '/login'} />
      </div>
    );
  }

  const { quest, participants } = shared;
  return (
    <div className="page shared-quest">
      <QuestHeader
        quest={quest}
        byline={
          <div className="quest-header__owner">
            <p className="muted">Started by</p>
            <UserIdentity
              displayName={quest.owner.displayName}
              username={quest.owner.username}
              isFounder={quest.owner.isFounder}
              pictureUrl={quest.owner.profilePictureUrl}
            />
          </div>
        }
      />
      <JoinPanel shared={shared} />
      <section className="card" aria-labelledby="shared-participants-title">
        <h2 id="shared-participants-title" className="card__title">
          {participants.length > 1 ? `${participants.length} people on this quest` : 'Who is on it'}
        </h2>
        {participants.length ? (
          <ParticipantsList participants={participants} viewerId={viewerId} />
        ) : (
          <p className="muted">Nobody has checked in yet.</p>
        )}
      </section>
      {quest.tasks.length > 0 && (
        <section className="card" aria-labelledby="shared-tasks-title">
          <h2 id="shared-tasks-title" className="card__title">
            The daily tasks
          </h2>
          <ol className="plain-tasks">
            {[...quest.tasks]
              .sort((a, b) => a.position - b.position)
              .map((task) => (
                <li key={task.id}>{task.title}</li>
              ))}
          </ol>
        </section>
      )}
    </div>
  );
}
