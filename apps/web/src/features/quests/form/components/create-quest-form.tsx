import type { Quest } from '@doers/contract';
import { useNavigate } from 'react-router';
import { toast } from '../../../../lib/toast-store';
import { useCreateQuest } from '../api/use-quest-mutations';
import { useQuestList } from '../../common/api/use-quest-list';
import { EMPTY_QUEST_FORM, toCreateRequest } from '../lib/quest-form-model';
import { isAtQuestLimit, QuestLimitNote } from '../../common/components/quest-limit-note';
import { QuestForm } from './quest-form';

interface CreateQuestFormProps {
  compact?: boolean;
  submitLabel?: string;
  /** Instead of opening the new quest (onboarding moves on by itself). */
  onCreated?(quest: Quest): void;
}

/** Create a quest: the form, the active-quest limit, and what happens on success. */
export function CreateQuestForm({
  compact = false,
  submitLabel = 'Create quest',
  onCreated,
}: CreateQuestFormProps) {
  const create = useCreateQuest();
  const navigate = useNavigate();
  const active = useQuestList('active');
  const limit = active.data?.pages[0]?.activeLimit;
  const full = isAtQuestLimit(limit);

  async function submit(values: Parameters<typeof toCreateRequest>[0]) {
    const quest = await create.mutateAsync(toCreateRequest(values));
    toast.success(`${quest.emoji} ${quest.title} is on! Check in today to start your streak.`);
    if (onCreated) onCreated(quest);
    else void navigate(`/quests/${quest.id}`, { replace: true });
  }

  return (
    <QuestForm
      mode="create"
      compact={compact}
      initialValues={EMPTY_QUEST_FORM}
      submitLabel={submitLabel}
      onSubmit={submit}
      footer={limit && full ? <QuestLimitNote used={limit.used} max={limit.max} /> : null}
    />
  );
}
