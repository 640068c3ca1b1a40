import { hoursIntoDay, localDay, type NewNotification } from '@doers/contract';
import type { Database } from '../../../db/database.js';
import type { Clock } from '../../../platform/clock.js';
import type { NotificationsService } from './notifications.service.js';
import type {
  ReminderCandidate,
  StreakRemindersRepository,
} from './streak-reminders.repository.js';

/** How often the job looks (app.ts): a reminder comes at most this late after its hour. */
export const REMINDER_EVERY_MS = 5 * 60_000;

/**
 * The daily streak reminder (docs/product/notifications.md#the-daily-reminder). Each run asks
 * the clock, so tests move a TestClock and run the job. A person is reminded at most once per
 * day of theirs: the ledger's primary key decides, even with several instances running at once.
 */
export class StreakReminderService {
  constructor(
    private readonly deps: {
      db: Database;
      reminders: StreakRemindersRepository;
      notifications: NotificationsService;
      clock: Clock;
    },
  ) {}

  /** Sends the reminders that are due now; resolves with how many were sent. */
  async run(): Promise<number> {
    const now = this.deps.clock.now();
    let sent = 0;
    for (const person of await this.deps.reminders.candidates()) {
      const day = dueDay(person, now);
      if (day && (await this.remind(person.user_id, day, now))) sent += 1;
    }
    return sent;
  }

  private async remind(userId: string, day: string, now: Date): Promise<boolean> {
    const questIds = await this.deps.reminders.questsToCheckIn(userId, day);
    // All checked in (or a rest day): nothing to remind of. No claim either, so an undo before
    // the day ends still brings the reminder.
    if (questIds.length === 0) return false;
    const reminder: NewNotification = {
      userId,
      type: 'streak_reminder',
      actorId: null,
      data: { day, questIds },
    };
    const written = await this.deps.db.transaction(async (tx) => {
      if (!(await this.deps.reminders.claim(tx, userId, day, now))) return null;
      return this.deps.notifications.writeIn(tx, reminder);
    });
    return written !== null;
  }
}

/**
 * The person's current day when their reminder is due (their wall clock at or past the hour,
 * counted within their day, which starts at their day-start hour), unless that day was
 * reminded already.
 */
export function dueDay(person: ReminderCandidate, now: Date): string | null {
  const { timezone: zone, day_start_hour: start, reminder_hour: hour } = person;
  const day = localDay(now, zone, start);
  if (person.last_day !== null && person.last_day >= day) return null;
  const hourIntoDay = (hour - start + 24) % 24;
  return hoursIntoDay(now, zone, start) >= hourIntoDay ? day : null;
}
