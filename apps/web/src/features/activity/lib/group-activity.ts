import type { ActivityItem, Day } from '@doers/contract';
import { formatRelativeDay } from '../../../lib/days';

export interface ActivityDayGroup {
  day: Day;
  label: string;
  items: ActivityItem[];
}

/**
 * The timeline under day headings ('Today', 'Yesterday', 'March 3'). Days come newest first;
 * a late check-in (made today for yesterday) joins its own day's group instead of opening a
 * second 'Yesterday' heading. Within a day the API's order is kept.
 */
export function groupActivityByDay(items: ActivityItem[], today: Day): ActivityDayGroup[] {
  const groups = new Map<Day, ActivityDayGroup>();
  for (const item of items) {
    const group = groups.get(item.day);
    if (group) group.items.push(item);
    else
      groups.set(item.day, {
        day: item.day,
        label: formatRelativeDay(item.day, today),
        items: [item],
      });
  }
  return [...groups.values()].sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0));
}
