import type { Day, Quest, QuestCalendar, QuestList } from '@doers/contract';
import type { InfiniteData } from '@tanstack/react-query';

/** One day of a quest's calendar as a check-in or its undo left it. */
export interface CalendarChange {
  day: Day;
  checkedIn: boolean;
  tasksDone: number;
}

/** The pages of a quest list with `quest` in place of its old copy (no refetch needed). */
export function withQuestInPages(
  data: InfiniteData<QuestList> | undefined,
  quest: Quest,
): InfiniteData<QuestList> | undefined {
  if (!data?.pages.some((page) => page.items.some((item) => item.id === quest.id))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => (item.id === quest.id ? quest : item)),
    })),
  };
}

/** The calendar with one day changed; a rest day stays a rest day. */
export function withCalendarDay(
  calendar: QuestCalendar | undefined,
  change: CalendarChange,
): QuestCalendar | undefined {
  if (!calendar) return calendar;
  const old = calendar.days.find((entry) => entry.day === change.day);
  const entry = { ...change, rest: old?.rest ?? false };
  const days = old
    ? calendar.days.map((item) => (item.day === change.day ? entry : item))
    : [...calendar.days, entry].sort((a, b) => a.day.localeCompare(b.day));
  return { ...calendar, days };
}
