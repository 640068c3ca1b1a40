import type { Quest } from '@doers/contract';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { IconCheck } from '../../../../components/ui/icons';
import { errorMessage } from '../../../../lib/api-error';
import { formatDayLong } from '../../../../lib/days';
import { savedOfflineMessage, usePendingCount } from '../../../../lib/offline-queue';
import { toast } from '../../../../lib/toast-store';
import { useCheckIn } from '../../today/api/use-check-in';
import { celebrationFor } from '../../today/lib/celebration';
import { todayStatus } from '../../today/lib/today-status';
import { CATEGORY_LABELS, plural, VISIBILITY_LABELS } from '../../common/lib/quest-labels';
import { QUEST_TUTORIAL_MARKERS } from '../../common/lib/tutorial-markers';
import { CelebrationBurst } from '../../today/components/celebration-burst';
import { StreakFlame } from '../../common/components/streak-flame';
import './quest-card.css';

interface QuestCardProps {
  quest: Quest;
  /** The first card is the quest-check-in tutorial's "open quest" target. */
  isFirst?: boolean;
}

function endedText(quest: Quest): string | null {
  if (quest.status === 'completed' && quest.completedAt)
    return `Completed ${formatDayLong(quest.completedAt.slice(0, 10))}`;
  if (quest.status === 'abandoned' && quest.abandonedAt)
    return `Abandoned ${formatDayLong(quest.abandonedAt.slice(0, 10))}`;
  return null;
}

export function QuestCard({ quest, isFirst = false }: QuestCardProps) {
  const viewer = quest.viewer;
  const checkIn = useCheckIn(quest.id, viewer?.today ?? quest.startedOn);
  const [burst, setBurst] = useState(0);
  // The Check in button goes once it worked: focus moves to the line that says so.
  const focusState = useRef(false);
  const status = viewer && todayStatus(quest, viewer);
  const active = quest.status === 'active';
  const taskCount = quest.tasks.length;
  const done = viewer?.tasksDoneToday.length ?? 0;
  const ended = endedText(quest);
  const waiting = usePendingCount('checkin', quest.id) > 0;

  async function quickCheckIn() {
    focusState.current = true;
    try {
      // From the list, a check-in means the day is done: every task ticked.
      const outcome = await checkIn.checkIn({
        day: 'today',
        taskIds: quest.tasks.map((t) => t.id),
      });
      if (!outcome) return; // a double tap: the first press is on its way
      setBurst((value) => value + 1);
      if (outcome.queued) toast.info(savedOfflineMessage('Your check-in'));
      else toast.success(celebrationFor(outcome.value));
    } catch (error) {
      focusState.current = false;
      toast.error(errorMessage(error, 'Could not check in'));
    }
  }

  return (
    <article
      className={`quest-card${viewer?.checkedInToday ? ' is-done' : ''}`}
      data-tutorial={isFirst ? QUEST_TUTORIAL_MARKERS.questCard : undefined}
    >
      <div className="quest-card__top">
        <span className="quest-card__emoji" aria-hidden="true">
          {quest.emoji}
        </span>
        <div className="quest-card__heading">
          <h3 className="quest-card__title">
            <Link to={`/quests/${quest.id}`} className="quest-card__link">
              {quest.title}
            </Link>
          </h3>
          <p className="quest-card__meta">
            {CATEGORY_LABELS[quest.category]} · {VISIBILITY_LABELS[quest.visibility]}
            {viewer?.role === 'member' && ` · by @${quest.owner.username}`}
            {quest.participantCount > 1 && ` · ${quest.participantCount} people`}
          </p>
        </div>
        {viewer && <StreakFlame count={viewer.currentStreak} lit={viewer.checkedInToday} />}
      </div>

      {active && viewer && (
        <div className="quest-card__today">
          <p
            className={`quest-card__state${status === 'done' ? ' is-done' : ''}`}
            tabIndex={-1}
            ref={(element) => {
              if (!element || status !== 'done' || !focusState.current) return;
              focusState.current = false;
              element.focus();
            }}
          >
            {status === 'done' && (
              <>
                <IconCheck size={18} /> Checked in today
                {waiting && <span className="quest-card__waiting"> · waiting to send</span>}
              </>
            )}
            {status === 'open' && 'Not checked in yet today'}
            {status === 'not-started' && `Starts ${formatDayLong(quest.startedOn)}`}
            {status === 'closed' && 'No check-in today'}
            {taskCount > 0 && (
              <span className="quest-card__tasks">
                {' '}
                · {viewer.checkedInToday ? done : 0}/{taskCount} tasks
              </span>
            )}
          </p>
          {status === 'open' && (
            <Button
              variant="accent"
              className="quest-card__checkin"
              loading={checkIn.isPending}
              onClick={() => void quickCheckIn()}
              aria-label={
                taskCount
                  ? `Check in to ${quest.title} with all ${taskCount} tasks done`
                  : `Check in to ${quest.title}`
              }
            >
              Check in
            </Button>
          )}
          {burst > 0 && <CelebrationBurst key={burst} />}
        </div>
      )}

      {active && viewer && taskCount > 0 && (
        <div className="quest-card__progress" aria-hidden="true">
          <span style={{ width: `${((viewer.checkedInToday ? done : 0) / taskCount) * 100}%` }} />
        </div>
      )}

      {!active && (
        <p className="quest-card__ended">
          {ended}
          {viewer &&
            ` · ${plural(viewer.totalCheckIns, 'check-in')} · best streak ${viewer.longestStreak}`}
        </p>
      )}
    </article>
  );
}
