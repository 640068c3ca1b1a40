import type { Quest } from '@doers/contract';
import { useNavigate, useParams } from 'react-router';
import { ButtonLink } from '../../../../components/ui/button';
import { IconLock } from '../../../../components/ui/icons';
import { EmptyState } from '../../../../components/ui/state-panels';
import { toast } from '../../../../lib/toast-store';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useUpdateQuest } from '../api/use-quest-mutations';
import { useQuest } from '../../common/api/use-quest';
import { PageBackLink } from '../../../../components/ui/page-back-link';
import { QuestForm } from '../components/quest-form';
import { QuestOwnerActions } from '../components/quest-owner-actions';
import { QuestQueryState } from '../../common/components/quest-query-state';
import { formFromQuest, toUpdateRequest, type QuestFormValues } from '../lib/quest-form-model';

function EditQuest({ quest }: { quest: Quest }) {
  const update = useUpdateQuest(quest.id);
  const navigate = useNavigate();

  async function submit(values: QuestFormValues) {
    await update.mutateAsync(toUpdateRequest(values));
    toast.success('Changes saved');
    void navigate(`/quests/${quest.id}`);
  }

  return (
    <>
      <QuestForm
        key={quest.id}
        mode="edit"
        initialValues={formFromQuest(quest)}
        submitLabel="Save changes"
        onSubmit={submit}
      />
      <QuestOwnerActions quest={quest} />
    </>
  );
}

export function EditQuestPage() {
  usePageTitle('Edit quest');
  const { questId = '' } = useParams();
  const query = useQuest(questId);
  const quest = query.data;

  return (
    <div className="page">
      <PageBackLink to={`/quests/${questId}`}>Back to the quest</PageBackLink>
      <h1 className="page__title">Edit quest</h1>
      <QuestQueryState query={query} />
      {quest && quest.viewer?.role !== 'owner' && (
        <EmptyState
          icon={<IconLock size={32} />}
          title="Only the owner can edit this quest"
          action={<ButtonLink to={`/quests/${quest.id}`}>Open the quest</ButtonLink>}
        >
          <p>
            {quest.emoji} {quest.title} belongs to @{quest.owner.username}.
          </p>
        </EmptyState>
      )}
      {quest && quest.viewer?.role === 'owner' && <EditQuest quest={quest} />}
    </div>
  );
}
