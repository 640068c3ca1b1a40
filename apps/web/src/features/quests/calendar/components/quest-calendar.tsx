import type { Day } from '@doers/contract';
import { ErrorState } from '../../../../components/ui/state-panels';
import { errorMessage } from '../../../../lib/api-error';
import { formatDayShort } from '../../../../lib/days';
import { useQuestCalendar } from '../api/use-quest-calendar';
import {
  buildCalendarGrid,
  CALENDAR_WEEKDAYS,
  calendarCellLabel,
  countCheckedIn,
} from '../lib/calendar-grid';
import { plural } from '../../common/lib/quest-labels';
import './quest-calendar.css';

interface QuestCalendarProps {
  questId: string;
  today: Day;
  startedOn: Day;
}

/** The last 6 weeks, Monday first; every day names its state for screen readers. */
export function QuestCalendar({ questId, today, startedOn }: QuestCalendarProps) {
  const calendar = useQuestCalendar(questId);
  const grid = buildCalendarGrid(calendar.data?.days ?? [], today, { startedOn });
  const first = grid[0]?.[0]?.day;

  return (
    <section className="card calendar" aria-labelledby="calendar-title">
      <div className="calendar__head">
        <h2 id="calendar-title" className="card__title">
          Last 6 weeks
        </h2>
        {calendar.isSuccess && (
          <p className="muted calendar__count">{plural(countCheckedIn(grid), 'check-in')}</p>
        )}
      </div>
      {calendar.isError ? (
        <ErrorState
          title="The calendar did not load"
          message={errorMessage(calendar.error, 'Something went wrong')}
          onRetry={() => void calendar.refetch()}
          retrying={calendar.isFetching}
        />
      ) : (
        <table
          className={`calendar__grid${calendar.isPending ? ' is-loading' : ''}`}
          aria-busy={calendar.isPending}
        >
          <caption className="sr-only">
            Check-ins from {first ? formatDayShort(first) : ''} to {formatDayShort(today)}
          </caption>
          <thead>
            <tr>
              {CALENDAR_WEEKDAYS.map((weekday) => (
                <th key={weekday} scope="col">
                  <span aria-hidden="true">{weekday.charAt(0)}</span>
                  <span className="sr-only">{weekday}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.map((week) => (
              <tr key={week[0]!.day}>
                {week.map((cell) => (
                  <td key={cell.day}>
                    <span
                      className={`calendar__day is-${cell.state}${cell.isToday ? ' is-today' : ''}`}
                      role="img"
                      aria-label={calendarCellLabel(cell)}
                      title={calendarCellLabel(cell)}
                    >
                      {cell.dayOfMonth}
                    </span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ul className="calendar__legend" aria-label="Legend">
        <li>
          <span className="calendar__swatch is-checked" aria-hidden="true" /> Checked in
        </li>
        <li>
          <span className="calendar__swatch is-rest" aria-hidden="true" /> Rest day
        </li>
        <li>
          <span className="calendar__swatch is-today" aria-hidden="true" /> Today
        </li>
      </ul>
    </section>
  );
}
