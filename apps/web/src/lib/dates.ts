/**
 * Every date the app writes for a person, from one formatter: their browser's language orders
 * and names the parts ("27 Nov 2026" in Britain, "Nov 27, 2026" in the US), a screen only says
 * how much of the date it shows. Calendar days the API sends ('2026-03-01') are the person's own
 * already and are written in UTC (`{ utc: true }`), so that no zone can move them a day.
 */
export type DateStyle =
  | 'date' // 27 Nov 2026
  | 'dateLong' // 27 November 2026
  | 'dateTime' // 27 Nov 2026, 14:05
  | 'dayMonth' // 27 Nov
  | 'dayMonthLong' // 27 November
  | 'dayMonthTime' // 27 Nov, 14:05
  | 'weekdayDate' // Fri, 27 Nov 2026
  | 'monthYear' // November 2026
  | 'month' // Nov
  | 'weekday'; // Friday

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  dateLong: { day: 'numeric', month: 'long', year: 'numeric' },
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  dayMonth: { day: 'numeric', month: 'short' },
  dayMonthLong: { day: 'numeric', month: 'long' },
  dayMonthTime: { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' },
  weekdayDate: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
  monthYear: { month: 'long', year: 'numeric' },
  month: { month: 'short' },
  weekday: { weekday: 'long' },
};

// undefined: the browser's own language. Tests pin one, so that what they expect is fixed.
let pinned: string | undefined;
const formats = new Map<string, Intl.DateTimeFormat>();

export function pinDateLocale(locale: string | undefined): void {
  pinned = locale;
  formats.clear();
}

/** `when` written in `style`; '' for an invalid date. */
export function formatDate(
  when: Date | string | number,
  style: DateStyle,
  options: { utc?: boolean } = {},
): string {
  const date = when instanceof Date ? when : new Date(when);
  if (Number.isNaN(date.getTime())) return '';
  const key = `${style}${options.utc ? ' utc' : ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(pinned, {
      ...STYLES[style],
      ...(options.utc ? { timeZone: 'UTC' } : {}),
    });
    formats.set(key, format);
  }
  return format.format(date);
}
