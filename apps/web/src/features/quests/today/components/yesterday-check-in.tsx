import type { Quest, QuestViewerState } from '@doers/contract';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../../lib/api-error';
import { formatDayLong } from '../../../../lib/days';
import { savedOfflineMessage } from '../../../../lib/offline-queue';
import { toast } from '../../../../lib/toast-store';
import { useCheckIn } from '../api/use-check-in';
import { celebrationFor } from '../lib/celebration';
import { TaskChecklist } from './task-checklist';
import './yesterday-check-in.css';

interface YesterdayCheckInProps {
  quest: Quest;
  viewer: Pick<QuestViewerState, 'today' | 'yesterday'>;
}

/**
 * "Forgot to tick": yesterday may be checked in late while the server says so
 * (`viewer.canCheckInYesterday`; the late window of docs/product/check-ins-and-streaks.md).
 */
export function YesterdayCheckIn({ quest, viewer }: YesterdayCheckInProps) {
  const checkIn = useCheckIn(quest.id, viewer.today);
  const [open, setOpen] = useState(false);
  const [ticked, setTicked] = useState<string[]>([]);

  async function confirm() {
    try {
      const outcome = await checkIn.checkIn({ day: 'yesterday', taskIds: ticked });
      if (!outcome) return; // a double tap: the first press is on its way
      setOpen(false);
      if (outcome.queued) toast.info(savedOfflineMessage("Yesterday's check-in"));
      else toast.success(celebrationFor(outcome.value));
    } catch (error) {
      toast.error(errorMessage(error, 'Could not check in for yesterday'));
    }
  }

  return (
    <div className="today__yesterday">
      <p>Forgot yesterday?</p>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Check in for yesterday
      </Button>
      <ConfirmDialog
        open={open}
        title={`Check in for yesterday, ${formatDayLong(viewer.yesterday)}`}
        confirmLabel="Check in for yesterday"
        loading={checkIn.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      >
        {quest.tasks.length > 0 ? (
          <>
            <p>Tick what you did yesterday.</p>
            <TaskChecklist
              label="Yesterday's tasks"
              tasks={quest.tasks}
              ticked={ticked}
              onToggle={(id) =>
                setTicked((current) =>
                  current.includes(id) ? current.filter((item) => item !== id) : [...current, id],
                )
              }
            />
          </>
        ) : (
          <p>It counts toward your streak as if you had checked in on time, marked as late.</p>
        )}
      </ConfirmDialog>
    </div>
  );
}
