import type { Quest, QuestViewerState } from '@doers/contract';
import { formatDayLong } from '../../../../lib/days';

/**
 * Where today stands for the viewer, read only from the server's answer (the quest view's
 * `viewer`), never from the phone's calendar: the app offers exactly what the check-in endpoint
 * will accept, in any zone (docs/product/check-ins-and-streaks.md).
 */
export type TodayStatus =
  | 'done' // checked in today
  | 'open' // a check-in is possible now
  | 'not-started' // the viewer's today is before the quest began
  | 'closed'; // no check-in today for another reason (joined on a later day)

type Viewer = Pick<QuestViewerState, 'today' | 'checkedInToday' | 'canCheckInToday'>;

export function todayStatus(quest: Pick<Quest, 'startedOn'>, viewer: Viewer): TodayStatus {
  if (viewer.checkedInToday) return 'done';
  if (viewer.canCheckInToday) return 'open';
  return viewer.today < quest.startedOn ? 'not-started' : 'closed';
}

/** Why there is no Check in button, for the two statuses that have none and no check-in. */
export function closedText(status: 'not-started' | 'closed', startedOn: string): string {
  return status === 'not-started'
    ? `This quest starts on ${formatDayLong(startedOn)}. Check in from then.`
    : 'Check-ins open on your first day on this quest.';
}
