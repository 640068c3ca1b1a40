import { STATS_CALENDAR_DAYS, type StatsReport } from '@doers/contract';
import { useLayoutEffect, useRef } from 'react';
import { calendarByMonth, calendarSummary, calendarWeeks, checkIns } from '../stats-text';
import { formatDate } from '../../../lib/dates';

const dateText = (day: string) => formatDate(`${day}T00:00:00Z`, 'weekdayDate', { utc: true });
const monthOf = (day: string) => formatDate(`${day}T00:00:00Z`, 'month', { utc: true });

/**
 * A year of check-ins, a square a day (GitHub-style), newest week on the right and in view. The
 * picture is one sentence for screen readers; the months are a table for anyone who asks.
 */
export function CheckInCalendar({ report }: { report: StatsReport }) {
  const weeks = calendarWeeks(report.calendar, report.today, STATS_CALENDAR_DAYS);
  const summary = calendarSummary(report.calendar);
  const scroller = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollLeft = el.scrollWidth;
  }, []);

  return (
    <section className="card stats-card" aria-labelledby="calendar-title">
      <h2 id="calendar-title" className="card__title">
        Check-in calendar
      </h2>
      <div
        ref={scroller}
        className="heatmap"
        tabIndex={0}
        role="img"
        aria-label={`Check-in calendar: ${summary}`}
      >
        {weeks.map((week, i) => {
          const monday = week.find((d) => d)?.day;
          const startsMonth = monday && (i === 0 || Number(monday.slice(8)) <= 7);
          return (
            <div key={monday ?? i} className="heatmap__week">
              <span className="heatmap__month" aria-hidden="true">
                {startsMonth ? monthOf(monday) : ''}
              </span>
              {week.map((cell, j) =>
                cell ? (
                  <span
                    key={cell.day}
                    className={`heatmap__day heatmap__day--${cell.level}`}
                    title={`${dateText(cell.day)}: ${checkIns(cell.checkIns)}`}
                  />
                ) : (
                  <span key={`empty-${j}`} className="heatmap__day heatmap__day--none" />
                ),
              )}
            </div>
          );
        })}
      </div>
      <div className="heatmap__legend" aria-hidden="true">
        Less
        {[0, 1, 2, 3, 4].map((level) => (
          <span key={level} className={`heatmap__day heatmap__day--${level}`} />
        ))}
        More
      </div>
      <p className="muted weekly-chart__summary">{summary}</p>
      {report.calendar.length > 0 && (
        <details className="stats-table">
          <summary>Show as a table</summary>
          <table>
            <caption className="sr-only">Check-ins by month</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Days checked in</th>
                <th scope="col">Check-ins</th>
              </tr>
            </thead>
            <tbody>
              {calendarByMonth(report.calendar).map((m) => (
                <tr key={m.month}>
                  <th scope="row">{m.month}</th>
                  <td>{m.days}</td>
                  <td>{m.checkIns}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </section>
  );
}
