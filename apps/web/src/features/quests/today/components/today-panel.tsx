import type { Quest, QuestViewerState } from '@doers/contract';
import { useRef, useState } from 'react';
import { Button, ButtonLink } from '../../../../components/ui/button';
import { IconCheck, IconFlame, IconMic, IconUndo } from '../../../../components/ui/icons';
import { errorMessage } from '../../../../lib/api-error';
import { formatDayLong } from '../../../../lib/days';
import { savedOfflineMessage, usePendingCount } from '../../../../lib/offline-queue';
import { toast } from '../../../../lib/toast-store';
import { QUEST_TUTORIAL_MARKERS as MARKERS } from '../../common/lib/tutorial-markers';
import { useCheckIn, useUndoCheckIn } from '../api/use-check-in';
import { useTickedTasks } from '../hooks/use-ticked-tasks';
import { celebrationFor } from '../lib/celebration';
import { closedText, todayStatus } from '../lib/today-status';
import { CelebrationBurst } from './celebration-burst';
import { TaskChecklist } from './task-checklist';
import { YesterdayCheckIn } from './yesterday-check-in';
import './today-panel.css';

interface TodayPanelProps {
  quest: Quest;
  viewer: QuestViewerState;
}

/**
 * Today's checklist and the check-in: the heart of the quest-check-in tutorial. What it offers
 * comes from the server's `viewer` only (see today-status.ts). The pressed button makes way for
 * its opposite (Check in ⇄ Undo), so focus follows to it: a keyboard user stays in place.
 */
export function TodayPanel({ quest, viewer }: TodayPanelProps) {
  const checkIn = useCheckIn(quest.id, viewer.today);
  const undo = useUndoCheckIn(quest.id, viewer.today);
  const ticks = useTickedTasks(quest.id, viewer.today);
  const [burst, setBurst] = useState(0);
  const [milestone, setMilestone] = useState<number | null>(null);
  // Where focus goes once the pressed button has made way: set before the call, spent on mount.
  const focusIntent = useRef<'done' | 'check-in' | null>(null);
  const status = todayStatus(quest, viewer);
  // Checked in offline: shown as made, with a word that it has not reached the server yet.
  const waiting = usePendingCount('checkin', quest.id) > 0;
  const taskCount = quest.tasks.length;
  const taskIds = new Set(quest.tasks.map((task) => task.id));
  const ticked = ticks.ticked.filter((id) => taskIds.has(id));

  const focusOnArrival = (intent: 'done' | 'check-in') => (element: HTMLElement | null) => {
    if (!element || focusIntent.current !== intent) return;
    focusIntent.current = null;
    (element.querySelector<HTMLElement>('button:not(:disabled)') ?? element).focus();
  };

  async function submit() {
    focusIntent.current = 'done';
    try {
      const outcome = await checkIn.checkIn({ day: 'today', taskIds: ticked });
      if (!outcome) return; // a double tap: the first press is on its way
      ticks.clear();
      if (outcome.queued) {
        toast.info(savedOfflineMessage('Your check-in'));
        return;
      }
      const response = outcome.value;
      setMilestone(response.milestone);
      setBurst((value) => value + 1);
      toast.success(celebrationFor(response), response.milestone ? 8000 : undefined);
    } catch (error) {
      focusIntent.current = null;
      toast.error(errorMessage(error, 'Could not check in'));
    }
  }

  async function undoToday() {
    const done = viewer.tasksDoneToday;
    focusIntent.current = 'check-in';
    try {
      await undo.mutateAsync();
      ticks.setAll(done); // the ticks come back, ready for a corrected check-in
      setMilestone(null);
      toast.info("Today's check-in is undone");
    } catch (error) {
      focusIntent.current = null;
      toast.error(errorMessage(error, 'Could not undo the check-in'));
    }
  }

  return (
    <section className="card today" aria-labelledby="today-title">
      <div className="today__head">
        <h2 id="today-title" className="card__title today__title">
          Today
        </h2>
        <p className="muted today__date">{formatDayLong(viewer.today)}</p>
      </div>

      {taskCount > 0 ? (
        <TaskChecklist
          label="Today's tasks"
          tasks={quest.tasks}
          ticked={status === 'done' ? viewer.tasksDoneToday : status === 'open' ? ticked : []}
          readOnly={status !== 'open'}
          onToggle={ticks.toggle}
          tutorialMarker={MARKERS.questTasks}
        />
      ) : (
        <p className="muted">No tasks on this quest: showing up is the task.</p>
      )}

      <div className="today__action">
        {status === 'done' && (
          <>
            <div className="today__done" role="status" tabIndex={-1} ref={focusOnArrival('done')}>
              <span className="today__done-icon" aria-hidden="true">
                <IconCheck size={22} />
              </span>
              <div className="today__done-text">
                <p className="today__done-title">
                  Checked in today
                  {waiting && <span className="today__waiting"> · waiting to send</span>}
                </p>
                <p className="muted">
                  {taskCount > 0 && `${viewer.tasksDoneToday.length} of ${taskCount} tasks done · `}
                  {viewer.currentStreak}-day streak
                </p>
                {milestone && (
                  <p className="today__milestone">🏅 {milestone}-day milestone reached!</p>
                )}
              </div>
              {viewer.canUndoToday && (
                <Button
                  variant="ghost"
                  icon={<IconUndo size={18} />}
                  loading={undo.isPending}
                  onClick={() => void undoToday()}
                >
                  Undo
                </Button>
              )}
            </div>
            {/* A post about today's progress, with this quest chosen (docs/product/posts-and-feed.md). */}
            <ButtonLink
              to={`/post?questId=${quest.id}`}
              variant="secondary"
              block
              icon={<IconMic size={20} />}
            >
              Share this check-in
            </ButtonLink>
          </>
        )}
        {status === 'open' && (
          <>
            {taskCount > 0 && (
              <p className="today__count" aria-live="polite">
                {ticked.length} of {taskCount} tasks ticked
              </p>
            )}
            <Button
              ref={focusOnArrival('check-in')}
              variant="accent"
              block
              className="btn--big"
              icon={<IconFlame size={22} />}
              loading={checkIn.isPending}
              onClick={() => void submit()}
              data-tutorial={MARKERS.checkInButton}
            >
              Check in
            </Button>
          </>
        )}
        {(status === 'not-started' || status === 'closed') && (
          <p className="muted today__closed">{closedText(status, quest.startedOn)}</p>
        )}
        {burst > 0 && <CelebrationBurst key={burst} />}
      </div>

      {viewer.canCheckInYesterday && !viewer.checkedInYesterday && (
        <YesterdayCheckIn quest={quest} viewer={viewer} />
      )}
    </section>
  );
}
