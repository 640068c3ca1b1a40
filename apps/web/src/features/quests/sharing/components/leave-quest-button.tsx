import type { Quest } from '@doers/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../../lib/api-error';
import { toast } from '../../../../lib/toast-store';
import { useLeaveQuest } from '../api/use-sharing';

/** A member leaves a shared quest; their check-ins on it go with them. */
export function LeaveQuestButton({ quest }: { quest: Quest }) {
  const leave = useLeaveQuest(quest.id);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  async function confirm() {
    try {
      await leave.mutateAsync();
      setOpen(false);
      toast.info(`You left ${quest.title}`);
      void navigate('/quests', { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, 'Could not leave the quest'));
    }
  }

  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Leave
      </Button>
      <ConfirmDialog
        open={open}
        title={`Leave ${quest.title}?`}
        confirmLabel="Leave quest"
        tone="danger"
        loading={leave.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      >
        <p>
          Your streak on this quest ends and it frees a slot for another quest. You can join again
          later from its link.
        </p>
      </ConfirmDialog>
    </>
  );
}
