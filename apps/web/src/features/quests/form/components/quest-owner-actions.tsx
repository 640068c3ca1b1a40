import type { Quest } from '@doers/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../../lib/api-error';
import { toast } from '../../../../lib/toast-store';
import { useQuestLifecycle, type QuestLifecycleAction } from '../api/use-quest-lifecycle';

const COPY: Record<
  QuestLifecycleAction,
  {
    button: string;
    title: string;
    text: string;
    done: (q: Quest) => string;
    to: (q: Quest) => string;
  }
> = {
  complete: {
    button: 'Complete quest',
    title: 'Complete this quest?',
    text: 'It moves to Completed with its streak and check-ins kept, and frees a slot for your next quest.',
    done: (q) => `Quest complete! ${q.emoji} ${q.title} 🏆`,
    to: (q) => `/quests/${q.id}`,
  },
  abandon: {
    button: 'Abandon quest',
    title: 'Abandon this quest?',
    text: 'It moves to Abandoned and stops counting toward your limit. Your check-ins are kept.',
    done: (q) => `${q.title} is abandoned. On to the next one.`,
    to: () => '/quests?status=abandoned',
  },
  delete: {
    button: 'Delete quest',
    title: 'Delete this quest for good?',
    text: 'This removes the quest, its tasks and every check-in, for everyone who joined it too. It cannot be undone.',
    done: (q) => `${q.title} was deleted`,
    to: () => '/quests',
  },
};

/** The owner's end-of-quest actions, each behind a confirmation. */
export function QuestOwnerActions({ quest }: { quest: Quest }) {
  const lifecycle = useQuestLifecycle(quest.id);
  const navigate = useNavigate();
  const [asking, setAsking] = useState<QuestLifecycleAction | null>(null);
  const actions: QuestLifecycleAction[] =
    quest.status === 'active' ? ['complete', 'abandon', 'delete'] : ['delete'];

  async function confirm(action: QuestLifecycleAction) {
    try {
      await lifecycle.mutateAsync(action);
      toast.success(COPY[action].done(quest));
      setAsking(null);
      void navigate(COPY[action].to(quest), { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, 'That did not work. Please try again.'));
    }
  }

  const copy = asking ? COPY[asking] : null;
  return (
    <section className="card quest-owner-actions" aria-labelledby="quest-owner-actions-title">
      <h2 id="quest-owner-actions-title" className="card__title">
        End this quest
      </h2>
      <div className="button-row">
        {actions.map((action) => (
          <Button
            key={action}
            variant={action === 'complete' ? 'secondary' : 'danger'}
            onClick={() => setAsking(action)}
          >
            {COPY[action].button}
          </Button>
        ))}
      </div>
      <ConfirmDialog
        open={copy !== null}
        title={copy?.title ?? ''}
        confirmLabel={copy?.button ?? ''}
        tone={asking === 'complete' ? 'primary' : 'danger'}
        loading={lifecycle.isPending}
        onConfirm={() => asking && void confirm(asking)}
        onClose={() => setAsking(null)}
      >
        <p>{copy?.text}</p>
      </ConfirmDialog>
    </section>
  );
}
