import type { QuestStatus } from '@doers/contract';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../../components/ui/button';
import { LoadMoreButton } from '../../../../components/ui/load-more-button';
import { IconCheck, IconPlus, IconTarget, IconX } from '../../../../components/ui/icons';
import { EmptyState, ErrorState, SkeletonList } from '../../../../components/ui/state-panels';
import { errorMessage } from '../../../../lib/api-error';
import { useQuestList } from '../../common/api/use-quest-list';
import { QuestCard } from './quest-card';
import './quest-list.css';

const EMPTY: Record<QuestStatus, { icon: ReactNode; title: string; text: string }> = {
  active: {
    icon: <IconTarget size={32} />,
    title: 'Start your first quest',
    text: 'Pick a goal, break it into a few tasks and check in every day. Your streak starts with day one.',
  },
  completed: {
    icon: <IconCheck size={32} />,
    title: 'No completed quests yet',
    text: 'When you finish a quest, mark it complete from its edit page and it will be kept here.',
  },
  abandoned: {
    icon: <IconX size={32} />,
    title: 'Nothing abandoned',
    text: 'Quests you stop without finishing land here, so you can look back on them.',
  },
};

interface QuestListProps {
  status: QuestStatus;
  canCreate: boolean;
}

export function QuestList({ status, canCreate }: QuestListProps) {
  const list = useQuestList(status);

  if (list.isPending) return <SkeletonList label={`Loading ${status} quests`} />;
  if (list.isError) {
    return (
      <ErrorState
        title="Your quests did not load"
        message={errorMessage(list.error, 'Something went wrong')}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }

  const quests = list.data.pages.flatMap((page) => page.items);
  if (!quests.length) {
    const empty = EMPTY[status];
    return (
      <EmptyState
        icon={empty.icon}
        title={empty.title}
        action={
          status === 'active' && canCreate ? (
            <ButtonLink to="/quests/create" variant="accent" icon={<IconPlus size={20} />}>
              Create a quest
            </ButtonLink>
          ) : null
        }
      >
        <p>{empty.text}</p>
      </EmptyState>
    );
  }

  return (
    <>
      <ul className="quest-list">
        {quests.map((quest, index) => (
          <li key={quest.id}>
            <QuestCard quest={quest} isFirst={index === 0 && status === 'active'} />
          </li>
        ))}
      </ul>
      <LoadMoreButton query={list} />
    </>
  );
}
