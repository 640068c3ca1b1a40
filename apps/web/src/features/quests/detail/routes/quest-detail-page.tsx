import { Navigate, useParams } from 'react-router';
import { ButtonLink } from '../../../../components/ui/button';
import { IconEdit } from '../../../../components/ui/icons';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useQuest } from '../../common/api/use-quest';
import { LeaveQuestButton } from '../../sharing/components/leave-quest-button';
import { PageBackLink } from '../../../../components/ui/page-back-link';
import { QuestCalendar } from '../../calendar/components/quest-calendar';
import { QuestHeader } from '../../common/components/quest-header';
import { QuestParticipants } from '../../sharing/components/quest-participants';
import { QuestQueryState } from '../../common/components/quest-query-state';
import { ShareLink } from '../../sharing/components/share-link';
import { StreakSummary } from '../components/streak-summary';
import { TodayPanel } from '../../today/components/today-panel';
import { showsParticipants } from '../../common/lib/quest-facts';

export function QuestDetailPage() {
  const { questId = '' } = useParams();
  const query = useQuest(questId);
  const quest = query.data;
  usePageTitle(quest ? quest.title : 'Quest');

  if (!quest) {
    return (
      <div className="page">
        <PageBackLink to="/quests">Quests</PageBackLink>
        <QuestQueryState query={query} />
      </div>
    );
  }

  const viewer = quest.viewer;
  // Someone who is not on the quest sees its public face, with a way to join.
  if (!viewer?.role) return <Navigate to={`/shared-quests/${quest.id}`} replace />;
  const isOwner = viewer.role === 'owner';

  return (
    <div className="page quest-page">
      <PageBackLink to="/quests">Quests</PageBackLink>
      <QuestHeader
        quest={quest}
        byline={
          !isOwner && (
            <p className="muted quest-header__byline">Started by @{quest.owner.username}</p>
          )
        }
        actions={
          isOwner ? (
            <ButtonLink
              to={`/quests/${quest.id}/edit`}
              variant="secondary"
              icon={<IconEdit size={18} />}
            >
              Edit
            </ButtonLink>
          ) : (
            <LeaveQuestButton quest={quest} />
          )
        }
      />
      {quest.status === 'active' && (
        <TodayPanel key={`${quest.id}:${viewer.today}`} quest={quest} viewer={viewer} />
      )}
      <StreakSummary figures={viewer} lit={viewer.checkedInToday} />
      <QuestCalendar questId={quest.id} today={viewer.today} startedOn={quest.startedOn} />
      {showsParticipants(quest) && <QuestParticipants questId={quest.id} />}
      <ShareLink quest={quest} />
    </div>
  );
}
